import Foundation
import XCTest
import LinkMatchTestData

/// Every public declaration of the library modules has a `///` doc comment (issue 18, item 3): types,
/// methods, properties, initializers, static members, the cases of public enums and the requirements
/// of public protocols. A declaration counts as public when it is marked `public` or `open` (or is a
/// case or protocol requirement) and every type or extension around it is public too, which is what
/// DocC shows. The scanner reads the sources as text (comments and string literals blanked first), so
/// it needs no build of its own; its own tests below feed it small sources with known answers.
final class DocCommentTests: XCTestCase {
    /// The folders of the library modules, by module name. `LinkMatch` is the umbrella; the others are
    /// the modules it re-exports once Sources/LinkMatch is split. A folder that does not exist (yet) is
    /// skipped; a module that `LinkMatch` re-exports but is missing here fails the test, so a new module
    /// cannot go unscanned.
    static let moduleFolders: [String: String] = [
        "LinkMatch": "Sources/LinkMatch",
        "LinkMatchCore": "Sources/Core",
        "LinkMatchReference": "Sources/ReferenceEngine",
        "LinkMatchModel": "Sources/Model",
        "LinkMatchCompiled": "Sources/CompiledEngine",
        "LinkMatchTooling": "Sources/Tooling",
    ]

    static var repositoryRoot: URL { TestDataFolder.repositoryRoot.standardizedFileURL }

    func testEveryPublicDeclarationOfTheLibraryHasADocComment() throws {
        let root = Self.repositoryRoot
        let fm = FileManager.default
        var scanned: [String] = []
        var total = 0
        var missing: [String] = []
        for folder in Self.moduleFolders.values.sorted() {
            let url = root.appendingPathComponent(folder)
            guard fm.fileExists(atPath: url.path) else { continue }
            scanned.append(folder)
            let files = try swiftFiles(under: url)
            let sources = try files.map { try String(contentsOf: $0, encoding: .utf8) }
            let publicTypes = sources.reduce(into: DocCommentScanner.TypeNames()) { DocCommentScanner.collectTypes(in: $1, into: &$0) }
            for (file, source) in zip(files, sources) {
                let relative = String(file.path.dropFirst(root.path.count + 1))
                for decl in DocCommentScanner.publicDeclarations(in: source, types: publicTypes) {
                    total += 1
                    if !decl.documented { missing.append("\(relative):\(decl.line): \(decl.text)") }
                }
            }
        }
        XCTAssertTrue(scanned.contains("Sources/LinkMatch"), "the umbrella module's folder is missing")
        // Modules the umbrella re-exports must be scanned too.
        for file in try swiftFiles(under: root.appendingPathComponent("Sources/LinkMatch")) {
            let source = try String(contentsOf: file, encoding: .utf8)
            for line in source.split(separator: "\n") where line.hasPrefix("@_exported import ") {
                let module = line.dropFirst("@_exported import ".count).trimmingCharacters(in: .whitespaces)
                XCTAssertNotNil(Self.moduleFolders[module], "LinkMatch re-exports \(module): add its folder to DocCommentTests.moduleFolders")
            }
        }
        print("doc comments: \(total - missing.count) of \(total) public declarations documented in \(scanned.joined(separator: ", "))")
        XCTAssertGreaterThan(total, 100, "the scanner found almost no public declarations: is it broken?")
        XCTAssertTrue(missing.isEmpty, "\(missing.count) public declarations without a /// doc comment:\n" + missing.joined(separator: "\n"))
    }

    func swiftFiles(under folder: URL) throws -> [URL] {
        guard let e = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return e.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    // MARK: - The scanner on sources with known answers

    func scan(_ source: String) -> [String] {
        var types = DocCommentScanner.TypeNames()
        DocCommentScanner.collectTypes(in: source, into: &types)
        return DocCommentScanner.publicDeclarations(in: source, types: types).map { ($0.documented ? "+ " : "- ") + $0.text }
    }

    func testScannerFindsUndocumentedMembersCasesAndRequirements() {
        let source = #"""
        /// Documented.
        public struct A {
            public var x: Int
            /// Documented.
            @inlinable
            public static func f() -> String { "{ not a brace" }
            var hidden: Int
            public init() { x = 0 }
        }
        public enum E: String {
            /// Documented.
            case a
            case b, c
            var v: Int { switch self { case .a: return 1
                default: return 2 } }
        }
        /// Documented.
        public protocol P {
            func need()
            /// Documented.
            var name: String { get }
        }
        """#
        XCTAssertEqual(scan(source), [
            "+ public struct A {", "- public var x: Int", "+ public static func f() -> String { \"{ not a brace\" }",
            "- public init() { x = 0 }", "- public enum E: String {", "+ case a", "- case b, c", "+ public protocol P {",
            "- func need()", "+ var name: String { get }",
        ])
    }

    func testScannerSkipsMembersOfInternalTypesAndFunctionBodies() {
        let source = #"""
        struct Internal {
            public var notAPI: Int
            enum Inner { case x }
        }
        /// Documented.
        public enum Box {
            /// Documented.
            public static func f() {
                let s = #"public var fake = "}" "#
                /* public var alsoFake: Int { */
                enum Local { case y }
            }
        }
        extension Internal {
            public func stillNotAPI() {}
        }
        extension String {
            public func onAStandardType() {}
        }
        extension Box {
            /// Documented.
            public func more() {}
        }
        """#
        XCTAssertEqual(scan(source), [
            "+ public enum Box {", "+ public static func f() {", "- public func onAStandardType() {}", "+ public func more() {}",
        ])
    }

    func testScannerReadsInterpolationAndMultiLineStrings() {
        let source = #"""
        /// Documented.
        public struct S {
            public var a = "x\("}")y"
            public var b = """
                public var inString: Int {
                """
            /// Documented.
            public var c = 1
        }
        """#
        XCTAssertEqual(scan(source), ["+ public struct S {", "- public var a = \"x\\(\"}\")y\"", "- public var b = \"\"\"", "+ public var c = 1"])
    }
}

/// Finds the public declarations of a Swift source and whether each has a `///` comment above it
/// (attribute lines between the comment and the declaration are allowed).
enum DocCommentScanner {
    struct Declaration {
        var line: Int
        var text: String
        var documented: Bool
    }

    /// Type names declared in the module, and which of them are public (a name declared both ways,
    /// in different scopes, counts as public).
    struct TypeNames {
        var declared: Set<String> = []
        var publicNames: Set<String> = []

        /// An extension of `name` is public when the type is public or is not declared in the module
        /// (a standard-library type).
        func isPublic(_ name: String) -> Bool {
            let last = String(name.split(separator: ".").last ?? Substring(name))
            return publicNames.contains(last) || !declared.contains(last)
        }
    }

    static let typeKeywords: Set<String> = ["struct", "enum", "class", "protocol", "actor"]
    static let declKeywords: Set<String> = typeKeywords.union(["extension", "func", "var", "let", "init", "subscript",
                                                               "typealias", "associatedtype", "case", "macro"])
    static let modifiers: Set<String> = ["public", "open", "internal", "fileprivate", "private", "package", "static",
                                         "class", "final", "override", "mutating", "nonmutating", "nonisolated",
                                         "convenience", "required", "lazy", "indirect", "dynamic", "weak", "unowned"]

    static func collectTypes(in source: String, into names: inout TypeNames) {
        for line in codeLines(source) {
            let (mods, keyword, rest) = split(line)
            guard let keyword, typeKeywords.contains(keyword), let name = identifier(rest) else { continue }
            names.declared.insert(name)
            if mods.contains("public") || mods.contains("open") { names.publicNames.insert(name) }
        }
    }

    private enum Context {
        case type(isPublic: Bool, isEnum: Bool, isProtocol: Bool)
        case code
    }

    static func publicDeclarations(in source: String, types: TypeNames) -> [Declaration] {
        let raw = source.components(separatedBy: "\n")
        let code = codeLines(source)
        var stack: [Context] = []
        var pending: Context?
        var out: [Declaration] = []
        for (index, line) in code.enumerated() {
            let (mods, keyword, rest) = split(line)
            let enclosing = stack.last
            let enclosingPublic: Bool
            switch enclosing {
            case nil: enclosingPublic = true
            case .type(let isPublic, _, _)?: enclosingPublic = isPublic
            case .code?: enclosingPublic = false
            }
            var opens: Context?
            if let keyword {
                let marked = mods.contains("public") || mods.contains("open")
                var isPublic = false
                if enclosingPublic {
                    switch enclosing {
                    case .type(_, true, _)? where keyword == "case": isPublic = true
                    case .type(_, _, true)?: isPublic = true
                    default: isPublic = marked && keyword != "extension"
                    }
                }
                if isPublic {
                    let documented = isDocumented(before: index, in: raw)
                    out.append(Declaration(line: index + 1, text: raw[index].trimmingCharacters(in: .whitespaces), documented: documented))
                }
                if typeKeywords.contains(keyword) {
                    opens = .type(isPublic: isPublic, isEnum: keyword == "enum", isProtocol: keyword == "protocol")
                } else if keyword == "extension" {
                    opens = .type(isPublic: stack.isEmpty && identifier(rest).map(types.isPublic) == true, isEnum: false, isProtocol: false)
                }
            }
            if let opens { pending = opens }
            for c in line {
                if c == "{" {
                    stack.append(pending ?? .code)
                    pending = nil
                } else if c == "}" {
                    _ = stack.popLast()
                }
            }
        }
        return out
    }

    /// Walks up over attribute lines; the line above must be a `///` comment.
    static func isDocumented(before index: Int, in raw: [String]) -> Bool {
        var i = index - 1
        while i >= 0 {
            let t = raw[i].trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("@") { i -= 1; continue }
            return t.hasPrefix("///")
        }
        return false
    }

    /// Leading attributes and modifiers, the declaration keyword (nil when the line starts none), and the rest.
    static func split(_ line: String) -> (modifiers: [String], keyword: String?, rest: Substring) {
        var rest = Substring(line.trimmingCharacters(in: .whitespaces))
        var mods: [String] = []
        while !rest.isEmpty {
            if rest.hasPrefix("@") {
                // An attribute, with its argument list if any.
                var end = rest.index(after: rest.startIndex)
                while end < rest.endIndex, rest[end].isLetter || rest[end].isNumber || rest[end] == "_" { end = rest.index(after: end) }
                if end < rest.endIndex, rest[end] == "(", let close = rest[end...].firstIndex(of: ")") { end = rest.index(after: close) }
                rest = rest[end...].drop { $0 == " " }
                continue
            }
            guard let word = identifier(rest) else { return (mods, nil, rest) }
            var after = rest.dropFirst(word.count)
            if modifiers.contains(word) {
                // `class` is a modifier in `class func` and a declaration in `class Foo`.
                if word == "class", let next = identifier(after.drop { $0 == " " }), !declKeywords.contains(next),
                   !modifiers.contains(next) {
                    return (mods, word, after.drop { $0 == " " })
                }
                if after.hasPrefix("(set)") { after = after.dropFirst(5) }
                mods.append(word)
                rest = after.drop { $0 == " " }
                continue
            }
            if declKeywords.contains(word) { return (mods, word, after.drop { $0 == " " }) }
            return (mods, nil, rest)
        }
        return (mods, nil, rest)
    }

    static func identifier(_ s: Substring) -> String? {
        let name = s.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        return name.isEmpty ? nil : String(name)
    }

    /// The source's lines with comments removed and string literal contents blanked (interpolations
    /// stay code), so braces and keywords inside them are not read.
    static func codeLines(_ source: String) -> [String] {
        enum Mode { case code(parens: Int), string(hashes: Int, multiLine: Bool), blockComment(depth: Int) }
        let chars = Array(source)
        var stack: [Mode] = [.code(parens: -1)]
        var out = ""
        var i = 0
        func at(_ k: Int, _ s: String) -> Bool {
            var j = k
            for c in s { guard j < chars.count, chars[j] == c else { return false }; j += 1 }
            return true
        }
        while i < chars.count {
            let c = chars[i]
            switch stack[stack.count - 1] {
            case .blockComment(let depth):
                if at(i, "*/") {
                    stack[stack.count - 1] = .blockComment(depth: depth - 1)
                    if depth == 1 { stack.removeLast() }
                    i += 2; out += "  "; continue
                }
                if at(i, "/*") { stack[stack.count - 1] = .blockComment(depth: depth + 1); i += 2; out += "  "; continue }
                out.append(c == "\n" ? "\n" : " "); i += 1
            case .string(let hashes, let multiLine):
                let terminator = (multiLine ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
                if at(i, terminator) { stack.removeLast(); out += terminator; i += terminator.count; continue }
                let escape = "\\" + String(repeating: "#", count: hashes)
                if at(i, escape) {
                    let k = i + escape.count
                    if k < chars.count, chars[k] == "(" {
                        stack.append(.code(parens: 1)); out += escape + "("; i = k + 1; continue
                    }
                    out += String(repeating: " ", count: escape.count + (k < chars.count && chars[k] != "\n" ? 1 : 0))
                    i = k + (k < chars.count && chars[k] != "\n" ? 1 : 0); continue
                }
                out.append(c == "\n" ? "\n" : " "); i += 1
            case .code(let parens):
                if at(i, "//") {
                    while i < chars.count, chars[i] != "\n" { i += 1 }
                    continue
                }
                if at(i, "/*") { stack.append(.blockComment(depth: 1)); out += "  "; i += 2; continue }
                var hashes = 0
                while at(i + hashes, "#") { hashes += 1 }
                if at(i + hashes, "\"") {
                    let multiLine = at(i + hashes, "\"\"\"")
                    let opener = String(repeating: "#", count: hashes) + (multiLine ? "\"\"\"" : "\"")
                    stack.append(.string(hashes: hashes, multiLine: multiLine)); out += opener; i += opener.count; continue
                }
                if parens >= 0 {
                    if c == "(" { stack[stack.count - 1] = .code(parens: parens + 1) }
                    if c == ")" {
                        if parens == 1 { stack.removeLast(); out.append(c); i += 1; continue }
                        stack[stack.count - 1] = .code(parens: parens - 1)
                    }
                }
                out.append(c); i += 1
            }
        }
        return out.components(separatedBy: "\n")
    }
}
