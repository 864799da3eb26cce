import LinkMatchCore
import LinkMatchModel
import Synchronization

/// Where a compiled document finds the rules a trace shows (the effective rule is resolved again
/// when a trace is read, C5, so compiling keeps no copy per rule).
enum RuleSources: Sendable {
    /// The model the document was compiled from: its entries and domain defaults.
    case model(entries: [DetailEntry], defaults: ComponentFields)
    /// The JSON tape the document was compiled from: the model is read from it the first time a
    /// trace is read (most decisions are never traced, so most compiles never build it).
    case tape(TapeModel)

    /// The entries and domain defaults, as `DocumentParser` reads them.
    var model: (entries: [DetailEntry], defaults: ComponentFields) {
        switch self {
        case .model(let entries, let defaults): return (entries, defaults)
        case .tape(let lazy): return lazy.model
        }
    }
}

/// A document's model read from its tape once, when first asked for (by `DocumentParser`, the reading
/// `AASADocument.parse` does, so a trace shows what the model path's would). Safe to share: the
/// first reader builds it under the lock, later ones read it.
final class TapeModel: Sendable {
    private let tape: JSONTape
    private let built = Mutex<(entries: [DetailEntry], defaults: ComponentFields)?>(nil)

    /// The model of `tape`, whose top-level value is an object (`CompiledDocument(parsing:)` checked).
    init(_ tape: JSONTape) {
        self.tape = tape
    }

    var model: (entries: [DetailEntry], defaults: ComponentFields) {
        built.withLock { built in
            if let built { return built }
            var parser = DocumentParser()
            let document = tape.root.object.map { parser.document(from: $0) } ?? AASADocument(hasApplinks: false)
            built = (document.entries, document.defaults)
            return built!
        }
    }
}
