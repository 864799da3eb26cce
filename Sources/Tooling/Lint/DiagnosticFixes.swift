import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel

/// The fix for each diagnostic code (SPEC.md section 12) whose finder does not write its own: what to
/// change in the file, at the diagnostic's path. One table, so every code `validate` can print ends
/// in an action; a finder that knows more (the lints) sets `Diagnostic.fix` itself and wins.
public enum DiagnosticFixes {
    /// `diagnostic` with its `fix` set from the table when it has none (unknown codes are left as they are).
    public static func withFix(_ diagnostic: Diagnostic) -> Diagnostic {
        guard diagnostic.fix == nil, let fix = byCode[diagnostic.code] else { return diagnostic }
        var d = diagnostic
        d.fix = fix
        return d
    }

    /// The generic fix of each code.
    static let byCode: [String: String] = [
        "invalid-json": "correct the JSON at the line and column given (strict JSON: no trailing commas, no comments)",
        "top-level-not-object": "make the file one JSON object, {\"applinks\": {\"details\": [...]}}",
        "file-too-large": "serve a file under 128 KB: merge rules with wildcards or substitutionVariables, drop entries no app needs",
        "too-deep": "flatten the JSON: an AASA file needs five levels of nesting at most",
        "too-complex": "use fewer or shorter substitutionVariables values in the patterns that reference them",
        "over-apple-size-limit": "serve a file under 128 KB: merge rules with wildcards or substitutionVariables, drop entries no app needs",
        "signed-envelope": "serve the plain JSON: iOS 9 and later read it unsigned, and the signature is not checked here",
        "no-applinks": "add \"applinks\": {\"details\": [{\"appIDs\": [\"TEAMID.bundle.id\"], \"components\": [{\"/\": \"/*\"}]}]}",
        "no-details": "add \"details\": [{\"appIDs\": [\"TEAMID.bundle.id\"], \"components\": [...]}] to applinks",
        "missing-app-id": "add \"appIDs\": [\"TEAMID.bundle.id\"] to this entry",
        "empty-app-id": "replace \"\" with the app ID, TEAMID.bundle.id, or remove it",
        "app-id-format": "write the app ID as TEAMID.bundle.id: the 10-character team ID from the Apple developer account (Membership), a dot, the bundle ID",
        "both-app-id-forms": "keep \"appIDs\" only, listing in it the app that \"appID\" names",
        "duplicate-key": "keep one of the repeated keys, with the value you mean",
        "mixed-formats": "move the `paths` rules into `components` (\"NOT /x\" becomes {\"/\": \"/x\", \"exclude\": true}) and remove `paths`",
        "empty-components": "add the rules this app should open to `components`, or remove the entry",
        "unknown-key": "remove the key, or spell it as the known key (keys are case-sensitive, D9)",
        "wrong-type": "give the value the type its key takes: a string pattern, a boolean flag, an array of strings, an object",
        "legacy-apps-not-empty": "write \"apps\": [] or remove the key",
        "invalid-pattern": "close every \"$(\" with a variable name and \")\", or make the pattern shorter (P3, P5)",
        "undefined-variable": "define the variable in applinks.substitutionVariables, or correct its name",
        "variable-in-value": "write the value out: \"$(\" inside a variable's value is literal text, not a reference (V2)",
        "predefined-variable-overridden": "rename the custom variable, unless replacing the predefined one is what you mean",
        "non-string-query-value": "quote every value of the \"?\" dictionary (\"*\" for any value)",
        "catch-all": "put exclude rules for the pages the app cannot show before this rule, or narrow its \"/\" to the paths the app handles",
        "open-point": "rewrite the rule so every reading gives one answer (SPEC.md section 15, under the point named, says which forms all matchers agree on)",
        "lint-budget": "nothing to change for this: split the rules into fewer, broader patterns to have every rule compared",
        "lint-skipped": "serve a file under 128 KB (Apple's limit) to have it linted in full",
    ]
}
