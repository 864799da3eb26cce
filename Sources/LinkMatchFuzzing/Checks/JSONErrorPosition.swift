import LinkMatch

/// An error position counted the plain way, separately from the reader: split the bytes before the
/// offset into lines, where `\n`, `\r` and `\r\n` each end one, and count. Line 1 starts after a
/// leading BOM (editors do not show it), columns count bytes from 1. A `\r\n` whose `\n` is the
/// byte at the offset itself counts as a lone `\r` here; no error points there (a `\r` in a string
/// is an error of its own, and whitespace is never one).
enum JSONErrorPosition {
    static func lineAndColumn(of offset: Int, in text: [UInt8]) -> (line: Int, column: Int) {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        var lineStart = text.starts(with: bom) ? bom.count : 0
        guard offset >= lineStart else { return (1, 1) }
        let before = text[lineStart..<min(offset, text.count)]
        var line = 1
        var i = before.startIndex
        while i < before.endIndex {
            let isCRLF = before[i] == 0x0D && before.index(after: i) < before.endIndex && before[before.index(after: i)] == 0x0A
            if isCRLF || before[i] == 0x0A || before[i] == 0x0D {
                i += isCRLF ? 2 : 1
                line += 1
                lineStart = i
            } else {
                i += 1
            }
        }
        return (line, offset - lineStart + 1)
    }
}
