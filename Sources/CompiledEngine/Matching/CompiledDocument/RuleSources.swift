import LinkMatchCore
import LinkMatchModel
import Synchronization

/// Where a compiled document finds the rules a trace shows (the effective rule is resolved again
/// when a trace is read, C5, so compiling keeps no copy per rule).
enum RuleSources: Sendable {
    /// The model the document was compiled from: its entries and domain defaults.
    case model(entries: [DetailEntry], defaults: ComponentFields)
    /// The JSON the document was compiled from: the model is read from it the first time a trace
    /// is read (most decisions are never traced, so most compiles never build it).
    case tape(TapeModel)

    /// The entries and domain defaults, as `DocumentParser` reads them.
    var model: (entries: [DetailEntry], defaults: ComponentFields) {
        switch self {
        case .model(let entries, let defaults): return (entries, defaults)
        case .tape(let lazy): return lazy.model
        }
    }
}

/// A document's model read from its JSON once, when first asked for (by `DocumentParser`, the
/// reading `AASADocument.parse` does, so a trace shows what the model path's would). Keeps the JSON
/// text only, not its tape: the tape's entries take about three times the text's bytes, and most
/// compiled documents are never traced; the first trace reads the text again. Safe to share: the
/// first reader builds the model under the lock, later ones read it.
final class TapeModel: Sendable {
    private let text: [UInt8]
    private let limits: JSONParser.Limits
    private let built = Mutex<(entries: [DetailEntry], defaults: ComponentFields)?>(nil)

    /// The model of the JSON text `text`, which `JSONTape.parse` read under `limits` into a tape
    /// whose top-level value is an object (`CompiledDocument(parsing:)` checked).
    init(text: [UInt8], limits: JSONParser.Limits) {
        self.text = text
        self.limits = limits
    }

    var model: (entries: [DetailEntry], defaults: ComponentFields) {
        built.withLock { built in
            if let built { return built }
            // The text was read under these limits once, and reading it is deterministic, so it reads again.
            let tape = try? JSONTape.parse(text, limits: limits)
            assert(tape?.root.object != nil, "the text read once reads again")
            var parser = DocumentParser()
            let document = tape?.root.object.map { parser.document(from: $0) } ?? AASADocument(hasApplinks: false)
            let model = (entries: document.entries, defaults: document.defaults)
            built = model
            return model
        }
    }
}
