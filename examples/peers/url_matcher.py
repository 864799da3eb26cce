#!/usr/bin/env python3
"""An AASA applinks matcher that does its own URL handling the way hand-written link routers often
do, speaking LinkMatch's conformance protocol (docs/PROTOCOL.md): one JSON request per line on
stdin, one JSON reply per line on stdout. Python 3 standard library only.

Patterns are matched by simulating a small automaton (a set of states per character), so there is
no backtracking and no exponential case: the work grows with pattern size x text length.

It follows SPEC.md except for seven deliberate deviations, chosen before the peer was ever fuzzed
(see README.md). Five are about URLs and query items, two are of other kinds:

  L1 (SPEC U2)  the scheme is not checked: an `http:` (or any other) URL is matched like `https:`.
  L2 (SPEC U3)  the host is compared with its port: `https://example.com:8443/x` is not the domain
                `example.com`, and a port that is not digits is not an error, just another host.
  L3 (SPEC U4)  an invalid percent escape (`%` not followed by two hex digits) is passed through as
                a literal `%` instead of being an error: `https://example.com/100%` is matched.
  L4 (SPEC U5)  with `percentEncoded: false`, the query is decoded before it is split into items,
                so an encoded `%26` or `%3D` splits items and names like a written `&` or `=`.
  L5 (SPEC U4)  raw non-ASCII characters in the URL are not percent-encoded: they are compared as
                they are, so `https://example.com/café` does not match the pattern `/caf%C3%A9`.
  L6 (SPEC E1)  `caseSensitive: false` folds with Python's full `str.lower()` of the whole string, so
                `İ` becomes `i` + U+0307 (SPEC: a scalar whose lowercase is two scalars stays).
  L7 (SPEC P3)  a broken `$(` reference (unterminated, empty name, `$` or `(` inside) is literal
                text instead of making the pattern invalid.

Each deviation is one `if "Ln" in DEVIATIONS` below. The environment variable PEER_DEVIATIONS
(a comma-separated list, possibly empty) keeps only the ones it names, to try one at a time; with
PEER_DEVIATIONS= (empty) the peer follows SPEC.md as far as it implements it.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "predefined-tables.json"), encoding="utf-8") as f:
    _TABLES = json.load(f)

_UPPER = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
_LOWER = [chr(c) for c in range(ord("a"), ord("z") + 1)]
_DIGIT = [str(d) for d in range(10)]
PREDEFINED = {
    "alpha": _UPPER + _LOWER,
    "upper": _UPPER,
    "lower": _LOWER,
    "alnum": _UPPER + _LOWER + _DIGIT,
    "digit": _DIGIT,
    "xdigit": _DIGIT + list("ABCDEF") + list("abcdef"),
    "region": list(_TABLES["region"]),
    "lang": list(_TABLES["lang"]),
}
PATTERN_LIMIT = 65536        # P5, one pattern
DOCUMENT_LIMIT = 2097152     # P5, the whole document
MAX_DEPTH = 512              # D1 / PROTOCOL: a line nested deeper is refused
HEX = set("0123456789ABCDEFabcdef")
UNSAFE = set('"<>\\^`{|}')

ALL_DEVIATIONS = ("L1", "L2", "L3", "L4", "L5", "L6", "L7")
DEVIATIONS = set(ALL_DEVIATIONS) if "PEER_DEVIATIONS" not in os.environ else \
    {d.strip() for d in os.environ["PEER_DEVIATIONS"].split(",") if d.strip()}


class RequestError(Exception):
    pass


# ---------------------------------------------------------------- request lines

def nesting_depth(line):
    depth = deepest = 0
    in_string = escaped = False
    for c in line:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in "]}":
            depth -= 1
    return deepest


def reject_constant(name):
    raise RequestError("bad JSON line: invalid constant " + name)


def read_request(line):
    if nesting_depth(line) > MAX_DEPTH:
        raise RequestError("bad JSON line: nested deeper than %d levels" % MAX_DEPTH)
    try:
        value = json.loads(line, parse_constant=reject_constant)
    except RecursionError:
        raise RequestError("bad JSON line: nested too deep")
    except ValueError as error:
        raise RequestError("bad JSON line: %s" % error)
    try:  # a \uD800-style escape without its pair is not a character: the line is not JSON text
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise RequestError("bad JSON line: unpaired UTF-16 surrogate in a \\u escape")
    if not isinstance(value, dict):
        raise RequestError("a request must be a JSON object")
    return value


# ---------------------------------------------------------------- the document

def fold_char(c):
    low = c.lower()
    return low if len(low) == 1 else c


def fold(text):
    """E1: each scalar to its lowercase mapping when that is exactly one scalar."""
    # Deviation L6 (SPEC E1): Python's full lowercasing of the whole string (İ -> i + U+0307,
    # and a final capital sigma becomes ς).
    if "L6" in DEVIATIONS:
        return text.lower()
    return "".join(fold_char(c) for c in text)


def parse_pattern(pattern):
    """P3: a list of elements (a character, '*', '?' as ('any',), ('star',), ('var', name));
    None when a `$(` reference is broken."""
    out = []
    i, n = 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "$" and i + 1 < n and pattern[i + 1] == "(":
            j = i + 2
            while j < n and pattern[j] not in "$()":
                j += 1
            if j < n and pattern[j] == ")" and j > i + 2:
                out.append(("var", pattern[i + 2:j]))
                i = j + 1
                continue
            # Deviation L7 (SPEC P3): a broken reference is read as literal text.
            if "L7" in DEVIATIONS:
                out.append("$")
                i += 1
                continue
            return None
        if c == "*":
            out.append(("star",))
        elif c == "?":
            out.append(("any",))
        else:
            out.append(c)
        i += 1
    return out


class Document:
    def __init__(self, aasa):
        if not isinstance(aasa, dict):
            raise RequestError('cannot read "aasa": the top level is not an object')
        self.variables = dict(PREDEFINED)
        self.domain_defaults = {}
        self.entries = []  # (apps, entry defaults, rules)
        applinks = aasa.get("applinks")
        if not isinstance(applinks, dict):
            return
        subs = applinks.get("substitutionVariables")
        if isinstance(subs, dict):
            for name, values in subs.items():
                if isinstance(values, list):  # V6: a non-list is ignored, non-strings dropped
                    self.variables[name] = [v for v in values if isinstance(v, str)]  # V5
        self.domain_defaults = fields(applinks.get("defaults"))
        details = applinks.get("details")
        if isinstance(details, list):
            raw = [(None, e) for e in details]
        elif isinstance(details, dict):
            raw = list(details.items())
        else:
            raw = []
        for key, entry in raw:
            if not isinstance(entry, dict):
                continue
            if isinstance(entry.get("appIDs"), list):  # D4: appIDs wins, even when empty
                apps = {a for a in entry["appIDs"] if isinstance(a, str)}
            elif key is not None:  # D5: the dictionary key plays the part of appID
                apps = {key}
            elif isinstance(entry.get("appID"), str):
                apps = {entry["appID"]}
            else:
                apps = set()
            apps.discard("")  # D3
            if isinstance(entry.get("components"), list):  # D6
                rules = [fields(c) for c in entry["components"] if isinstance(c, dict)]
            elif isinstance(entry.get("paths"), list):
                rules = []
                for p in entry["paths"]:
                    if isinstance(p, str):
                        rules.append({"/": p[4:], "exclude": True} if p.startswith("NOT ") else {"/": p})
            else:
                rules = []
            self.entries.append((apps, fields(entry.get("defaults")), rules))
        total = sum(self.size(p) for levels in [[self.domain_defaults]] + [[d] + r for _, d, r in self.entries]
                    for level in levels for p in patterns_of(level))
        if total > DOCUMENT_LIMIT:
            raise RequestError('cannot read "aasa": the patterns expand past %d [too-complex]' % DOCUMENT_LIMIT)

    def size(self, pattern):
        """P5: the expanded size; 0 for a broken pattern."""
        elems = parse_pattern(pattern)
        if elems is None:
            return 0
        size = len(elems)
        for e in elems:
            if isinstance(e, tuple) and e[0] == "var":
                size += sum(len(v) for v in self.variables.get(e[1], []))
        return size


def fields(obj):
    """The keys of a component or defaults with the right type (D10); a `?` dictionary with a
    non-string value is absent (Q5)."""
    out = {}
    if not isinstance(obj, dict):
        return out
    for key in ("/", "#"):
        if isinstance(obj.get(key), str):
            out[key] = obj[key]
    q = obj.get("?")
    if isinstance(q, str) or (isinstance(q, dict) and all(isinstance(v, str) for v in q.values())):
        out["?"] = q
    for key in ("exclude", "caseSensitive", "percentEncoded"):
        if isinstance(obj.get(key), bool):
            out[key] = obj[key]
    return out


def patterns_of(level):
    out = [level[k] for k in ("/", "#") if k in level]
    q = level.get("?")
    if isinstance(q, str):
        out.append(q)
    elif isinstance(q, dict):
        out.extend(q.values())
    return out


BUILTIN = {"/": "*", "?": "*", "#": "*", "exclude": False, "caseSensitive": True, "percentEncoded": True}


def effective(rule, entry_defaults, domain_defaults):
    """C5: per key, the rule's own value, else the entry's defaults, else applinks.defaults."""
    out = {}
    for key, value in BUILTIN.items():
        for level in (rule, entry_defaults, domain_defaults):
            if key in level:
                value = level[key]
                break
        out[key] = value
    return out


# ---------------------------------------------------------------- the URL

def prepare_url(url):
    """U4: raw characters that cannot appear in a URL are percent-encoded (UTF-8, uppercase hex);
    then a `%` without two hex digits is an error."""
    out = []
    for c in url:
        o = ord(c)
        if 0xD800 <= o <= 0xDFFF:
            c, o = "\ufffd", 0xFFFD
        # Deviation L5 (SPEC U4): raw non-ASCII characters are kept as they are.
        if o >= 0x80 and "L5" in DEVIATIONS:
            out.append(c)
        elif o <= 0x20 or o >= 0x7F or c in UNSAFE:
            out.append("".join("%%%02X" % b for b in c.encode("utf-8")))
        else:
            out.append(c)
    text = "".join(out)
    i = 0
    while i < len(text):
        if text[i] == "%":
            if not (i + 2 < len(text) and text[i + 1] in HEX and text[i + 2] in HEX):
                # Deviation L3 (SPEC U4): a broken escape is an ordinary `%`.
                if "L3" in DEVIATIONS:
                    i += 1
                    continue
                raise RequestError("bad URL: invalid percent escape at %d [invalid-percent-escape]" % i)
            i += 3
        else:
            i += 1
    return text


SCHEME_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.")


def split_url(url):
    """U1, U3: (scheme, host, path, query or None, fragment or None)."""
    colon = url.find(":")
    if colon <= 0 or any(c in "/?#" for c in url[:colon]) or not url[0].isascii() or not url[0].isalpha() \
            or any(c not in SCHEME_CHARS for c in url[:colon]):
        raise RequestError("bad URL: no scheme [missing-scheme]")
    scheme, rest = url[:colon], url[colon + 1:]
    if not rest.startswith("//"):
        raise RequestError("bad URL: no host [missing-host]")
    rest = rest[2:]
    end = len(rest)
    for c in "/?#":
        k = rest.find(c)
        if 0 <= k < end:
            end = k
    authority, rest = rest[:end], rest[end:]
    host = authority.rsplit("@", 1)[-1]
    # Deviation L2 (SPEC U3): the port stays part of the host.
    if "L2" in DEVIATIONS:
        pass
    elif host.startswith("["):
        close = host.find("]")
        if close < 0:
            raise RequestError("bad URL: invalid host")
        host = host[:close + 1]  # whatever follows `]` (a port) is dropped
    elif ":" in host:
        host, port = host.rsplit(":", 1)
        if not all(c in "0123456789" for c in port):
            raise RequestError("bad URL: invalid host (port)")
    if host == "":
        raise RequestError("bad URL: empty host [missing-host]")
    fragment = None
    if "#" in rest:
        rest, fragment = rest.split("#", 1)
    query = None
    if "?" in rest:
        rest, query = rest.split("?", 1)
    return scheme, host, rest, query, fragment


def decode(text):
    """E3: percent-decoded, the bytes read as UTF-8, each maximal invalid subsequence one U+FFFD;
    an invalid escape stays literal."""
    raw = bytearray()
    i = 0
    while i < len(text):
        if text[i] == "%" and i + 2 < len(text) and text[i + 1] in HEX and text[i + 2] in HEX:
            raw.append(int(text[i + 1:i + 3], 16))
            i += 3
        else:
            raw += text[i].encode("utf-8")
            i += 1
    return raw.decode("utf-8", "replace")


def ascii_lower(text):
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in text)


# ---------------------------------------------------------------- patterns as automata

class Automaton:
    """A pattern (elements, with each `$(name)` an alternation of its values' elements) as a
    Thompson automaton, run on a set of states: linear in the text, no backtracking."""

    def __init__(self, elems, variables, case_sensitive):
        self.kind, self.arg, self.next = [], [], []
        self.accept = self.node("end", None, None)
        head = self.accept
        for e in reversed(elems):
            head = self.element(e, head, variables, case_sensitive)
        self.start = head

    def node(self, kind, arg, nxt):
        self.kind.append(kind)
        self.arg.append(arg)
        self.next.append(nxt)
        return len(self.kind) - 1

    def element(self, e, nxt, variables, cs):
        if isinstance(e, str):
            head = nxt
            for c in reversed(e if cs else fold(e)):
                head = self.node("char", c, head)
            return head
        if e[0] == "any":
            return self.node("any", None, nxt)
        if e[0] == "star":
            return self.node("star", None, nxt)
        heads = []
        for value in variables[e[1]]:  # V2: a value's `*` and `?` are wildcards, `$(` is literal
            head = nxt
            for c in reversed(value if cs else fold(value)):
                head = self.node("star" if c == "*" else "any" if c == "?" else "char", c, head)
            heads.append(head)
        return self.node("split", heads, None)

    def closure(self, states):
        out, todo = set(), list(states)
        while todo:
            s = todo.pop()
            if s in out:
                continue
            out.add(s)
            k = self.kind[s]
            if k == "split":
                todo.extend(self.arg[s])
            elif k == "star":
                todo.append(self.next[s])
        return out

    def matches(self, text):
        states = self.closure([self.start])
        for c in text:
            if not states:
                return False
            step = []
            for s in states:
                k = self.kind[s]
                if k == "star":
                    step.append(s)
                elif k == "any" or (k == "char" and self.arg[s] == c):
                    step.append(self.next[s])
            states = self.closure(step)
        return self.accept in states


def strip_slashes(elems):
    """N1, N2: leading and trailing literal `/` elements removed."""
    a, b = 0, len(elems)
    while a < b and elems[a] == "/":
        a += 1
    while b > a and elems[b - 1] == "/":
        b -= 1
    return elems[a:b]


class Matcher:
    def __init__(self, document):
        self.doc = document
        self.cache = {}

    def pattern_ok(self, pattern):
        """P3, P4, P5: None when the pattern can never match."""
        elems = parse_pattern(pattern)
        if elems is None:
            return None
        for e in elems:
            if isinstance(e, tuple) and e[0] == "var" and e[1] not in self.doc.variables:
                return None
        if self.doc.size(pattern) > PATTERN_LIMIT:
            return None
        return elems

    def automaton(self, elems, cs):
        key = (tuple(elems), cs)
        if key not in self.cache:
            self.cache[key] = Automaton(elems, self.doc.variables, cs)
        return self.cache[key]

    def match(self, pattern, text, cs):
        return self.automaton(parse_pattern(pattern), cs).matches(text)

    def path_matches(self, pattern, text, cs):
        elems = strip_slashes(parse_pattern(pattern))
        text = text.strip("/")
        if self.automaton(elems, cs).matches(text):
            return True
        # N3: a final literal `/` then `*` also matches the parent path.
        if len(elems) >= 2 and elems[-2] == "/" and elems[-1] == ("star",):
            return self.automaton(strip_slashes(elems[:-2]), cs).matches(text)
        return False

    def rule_matches(self, rule, path, query, fragment):
        cs, pe = rule["caseSensitive"], rule["percentEncoded"]
        for p in patterns_of(rule):
            if self.pattern_ok(p) is None:
                return False

        def text(raw):
            t = raw if pe else decode(raw)
            return t if cs else fold(t)

        if not self.path_matches(rule["/"], text(path), cs):
            return False
        q = rule["?"]
        if isinstance(q, str):
            if not self.match(q, text(query or ""), cs):
                return False
        else:
            raw_query = query or ""
            # Deviation L4 (SPEC U5): with percentEncoded false the query is decoded first and the
            # decoded text is split (so %26 and %3D act as & and =).
            if "L4" in DEVIATIONS and not pe:
                raw_query = decode(raw_query)
                items = []
                for piece in raw_query.split("&"):
                    if piece:
                        name, _, value = piece.partition("=")
                        items.append((name if cs else fold(name), value if cs else fold(value)))
            else:
                items = []
                for piece in raw_query.split("&"):  # U5
                    if piece:
                        name, _, value = piece.partition("=")
                        items.append((text(name), text(value)))
            for key, pattern in q.items():
                key = key if cs else fold(key)  # E4: the key is used as written, folded
                values = [v for n, v in items if n == key] or [""]  # Q3
                if not all(self.match(pattern, v, cs) for v in values):  # Q4
                    return False
        return self.match(rule["#"], text(fragment or ""), cs)


# ---------------------------------------------------------------- deciding

def decide(request):
    if "aasa" not in request:
        raise RequestError('missing field "aasa"')
    for name in ("domain", "appId", "url"):
        if name not in request:
            raise RequestError('missing field "%s"' % name)
    for name in ("domain", "appId", "url"):
        if not isinstance(request[name], str):
            raise RequestError('field "%s" must be a string' % name)
    document = Document(request["aasa"])
    scheme, host, path, query, fragment = split_url(prepare_url(request["url"]))
    # Deviation L1 (SPEC U2): the scheme is never checked.
    if "L1" not in DEVIATIONS and ascii_lower(scheme) != "https":
        return "no_match"
    domain = request["domain"]
    if domain and ascii_lower(host) != ascii_lower(domain):
        return "no_match"
    matcher = Matcher(document)
    app = request["appId"]
    for apps, entry_defaults, rules in document.entries:
        if app not in apps:
            continue
        for rule in rules:
            eff = effective(rule, entry_defaults, document.domain_defaults)
            if matcher.rule_matches(eff, path, query, fragment):
                return "exclude" if eff["exclude"] else "match"
    return "no_match"


def main():
    sys.setrecursionlimit(10000)
    for raw_line in sys.stdin.buffer:
        line = raw_line.decode("utf-8", "replace")
        request_id = None
        try:
            request = read_request(line)
            request_id = request.get("id")
            reply = {"id": request_id, "decision": decide(request)}
        except RequestError as error:
            reply = {"id": request_id, "error": str(error)}
        except Exception as error:  # never die on a request: answer an error and go on
            reply = {"id": request_id, "error": "internal error: %s: %s" % (type(error).__name__, error)}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
