#!/usr/bin/env python3
"""An AASA applinks matcher the way many tools write one: each pattern becomes a regular
expression (`*` -> `.*`, `?` -> `.`, `$(name)` -> an alternation of the values), and Python's `re`
does the matching. Speaks LinkMatch's conformance protocol: one JSON request per line on stdin, one
JSON reply per line on stdout. Python 3 standard library only.

It follows SPEC.md except for seven deliberate deviations, each a mistake real tools make, listed
in regex_matcher.known (what `linkmatch fuzz --known` reads) and in README.md:

  R1 (SPEC N3)  `/buy/*` becomes the regex `buy/.*`, so it does not match the parent `/buy`.
  R2 (SPEC Q3)  a named query item the URL does not have fails the rule, even for the pattern
                `*` (SPEC: it reads as ""): {"b": "*"} does not match ?a=1.
  R3 (SPEC U3)  the host is compared with the domain case-sensitively.
  R4 (SPEC Q4)  a query item named twice: only its first occurrence is checked.
  R5 (SPEC V1)  custom substitution variables are taken literally: `$(v)` matches the text `$(v)`
                (predefined ones such as `$(lang)` still expand).
  R6 (SPEC E3)  `percentEncoded` is ignored: the URL is always compared as written.
  R7 (SPEC 12)  lenient: the document is not validated, so a file LinkMatch rejects (here: a
                top level that is not an object) is read as one without rules: no_match.

Each deviation is one `if "Rn" in DEVIATIONS` below. The environment variable PEER_DEVIATIONS
(a comma-separated list, possibly empty) keeps only the ones it names, to try one at a time.

Its limit, shared by every matcher built on a backtracking regex engine: a pattern with many `*`s
that fails against a long text, such as `*a*a*a*a*a*a*a*a*a*a*b` against a path of 200 `a`s, makes
`re` try every way to place the stars (exponential in their number), so one request could run for
years. The guard: each request gets MATCH_SECONDS of CPU time (a SIGPROF timer: CPU time, not wall
time, so the answer does not depend on how busy the machine is; CPython's `re` checks for signals
while it matches), then the peer answers an error for that request and goes on with the next. LinkMatch decides such requests (its compiled engine is linear in the text), so
`linkmatch fuzz` reports them as a class "linkmatch no_match / program error"; regex_matcher.known
accepts it with a replay line.
"""
import json
import os
import re
import signal
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "predefined-tables.json"), encoding="utf-8") as f:
    _TABLES = json.load(f)

PREDEFINED = {
    "alpha": [chr(c) for c in range(ord("A"), ord("Z") + 1)] + [chr(c) for c in range(ord("a"), ord("z") + 1)],
    "upper": [chr(c) for c in range(ord("A"), ord("Z") + 1)],
    "lower": [chr(c) for c in range(ord("a"), ord("z") + 1)],
    "alnum": [chr(c) for c in range(ord("A"), ord("Z") + 1)] + [chr(c) for c in range(ord("a"), ord("z") + 1)]
    + [str(d) for d in range(10)],
    "digit": [str(d) for d in range(10)],
    "xdigit": [str(d) for d in range(10)] + list("ABCDEF") + list("abcdef"),
    "region": _TABLES["region"],
    "lang": _TABLES["lang"],
}
MAX_EXPANDED = 65536
# CPU time per request. Ordinary requests take milliseconds; a catastrophic pattern would take years.
# Well under `linkmatch fuzz --timeout`'s default of 10 s (wall time), so a slow pattern is an error
# reply (a class of its own), not a hang that gets the peer killed and restarted.
MATCH_SECONDS = 1.0
UNSAFE = set(b'"<>\\^`{|}')
HEX = "0123456789ABCDEFabcdef"


ALL_DEVIATIONS = ("R1", "R2", "R3", "R4", "R5", "R6", "R7")
DEVIATIONS = set(ALL_DEVIATIONS) if "PEER_DEVIATIONS" not in os.environ else \
    {d.strip() for d in os.environ["PEER_DEVIATIONS"].split(",") if d.strip()}


class RequestError(Exception):
    pass


class TooSlow(Exception):
    """Raised by the SIGPROF handler when a request has matched for MATCH_SECONDS."""


def too_slow(signum, frame):
    raise TooSlow()


# ---------------------------------------------------------------- the document

def reject_constants(name):
    raise RequestError("invalid JSON constant " + name)


def component_fields(obj):
    """The keys of a component or defaults dictionary that have the right type (D10, Q5)."""
    fields = {}
    if not isinstance(obj, dict):
        return fields
    for key in ("/", "#"):
        if isinstance(obj.get(key), str):
            fields[key] = obj[key]
    q = obj.get("?")
    if isinstance(q, str):
        fields["?"] = q
    elif isinstance(q, dict) and all(isinstance(v, str) for v in q.values()):
        fields["?"] = dict(q)
    for key in ("exclude", "caseSensitive", "percentEncoded"):
        if isinstance(obj.get(key), bool):
            fields[key] = obj[key]
    return fields


def load(aasa):
    """(domain defaults, variables, entries); an entry is (apps, entry defaults, rules)."""
    if not isinstance(aasa, dict):
        # Deviation R7 (lenient, SPEC section 12): not an AASA file, read as one without rules.
        if "R7" in DEVIATIONS:
            return {}, {}, []
        raise RequestError("the document is not a JSON object")
    applinks = aasa.get("applinks")
    if not isinstance(applinks, dict):
        return {}, {}, []
    variables = {}
    subs = applinks.get("substitutionVariables")
    if isinstance(subs, dict):
        for name, values in subs.items():
            if isinstance(values, list):
                variables[name] = [v for v in values if isinstance(v, str)]
    details = applinks.get("details")
    raw = []
    if isinstance(details, list):
        raw = [(None, e) for e in details]
    elif isinstance(details, dict):
        raw = list(details.items())
    entries = []
    for key, entry in raw:
        if not isinstance(entry, dict):
            continue
        # D4, D5: an `appIDs` array names the apps; else the dictionary key, else `appID`.
        apps = set()
        if isinstance(entry.get("appIDs"), list):
            apps.update(a for a in entry["appIDs"] if isinstance(a, str))
        elif key is not None:
            apps.add(key)
        elif isinstance(entry.get("appID"), str):
            apps.add(entry["appID"])
        rules = []
        if isinstance(entry.get("components"), list):
            rules = [component_fields(c) for c in entry["components"] if isinstance(c, dict)]
        elif isinstance(entry.get("paths"), list):
            for p in entry["paths"]:
                if isinstance(p, str):
                    rules.append({"/": p[4:], "exclude": True} if p.startswith("NOT ") else {"/": p})
        apps.discard("")  # an empty app ID names no app
        entries.append((apps, component_fields(entry.get("defaults")), rules))
    return component_fields(applinks.get("defaults")), variables, entries


def effective(rule, entry_defaults, domain_defaults):
    builtin = {"/": None, "?": None, "#": None, "exclude": False, "caseSensitive": True, "percentEncoded": True}
    out = {}
    for key, value in builtin.items():
        for level in (rule, entry_defaults, domain_defaults):
            if key in level:
                value = level[key]
                break
        out[key] = value
    return out


# ---------------------------------------------------------------- the URL

def normalize_url(url):
    """U4: raw unsafe characters percent-encoded; a broken escape is an error."""
    out = []
    for b in url.encode("utf-8", "surrogatepass"):
        out.append("%%%02X" % b if b <= 0x20 or b >= 0x7F or b in UNSAFE else chr(b))
    text = "".join(out)
    i = 0
    while i < len(text):
        if text[i] == "%":
            if i + 2 >= len(text) or text[i + 1] not in HEX or text[i + 2] not in HEX:
                raise RequestError("bad URL: invalid percent escape")
            i += 3
        else:
            i += 1
    return text


def split_url(url):
    m = re.match(r"^([^:/?#]+):", url)
    if not m or not re.fullmatch(r"[A-Za-z][A-Za-z0-9+.-]*", m.group(1)):
        raise RequestError("bad URL: no scheme")
    scheme = m.group(1)
    rest = url[m.end():]
    if not rest.startswith("//"):
        raise RequestError("bad URL: no host")
    rest = rest[2:]
    end = len(rest)
    for c in "/?#":
        k = rest.find(c)
        if k >= 0:
            end = min(end, k)
    authority, rest = rest[:end], rest[end:]
    host = authority.rsplit("@", 1)[-1]
    if host.startswith("["):
        close = host.find("]")
        if close < 0:
            raise RequestError("bad URL: invalid host")
        host = host[: close + 1]
    elif ":" in host:
        host, port = host.rsplit(":", 1)
        if not all(c in "0123456789" for c in port):
            raise RequestError("bad URL: invalid port")
    if host == "":
        raise RequestError("bad URL: empty host")
    fragment = None
    if "#" in rest:
        rest, fragment = rest.split("#", 1)
    query = None
    if "?" in rest:
        rest, query = rest.split("?", 1)
    return scheme, host, rest, query, fragment


def decode(text):
    """E3: percent-decode, read as UTF-8, invalid sequences become U+FFFD."""
    raw = bytearray()
    i = 0
    while i < len(text):
        if text[i] == "%" and i + 3 <= len(text) and text[i + 1] in HEX and text[i + 2] in HEX:
            raw.append(int(text[i + 1:i + 3], 16))
            i += 3
        else:
            raw += text[i].encode("utf-8", "surrogatepass")
            i += 1
    return raw.decode("utf-8", "replace")


def fold(text):
    """E1: each character to its lowercase when that is one character."""
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


# ---------------------------------------------------------------- patterns as regular expressions

def elements(pattern):
    """P3: literals, '?', '*' and ('var', name); None when a $( reference is broken."""
    out = []
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if c == "$" and pattern[i + 1:i + 2] == "(":
            close = pattern.find(")", i + 2)
            name = pattern[i + 2:close] if close >= 0 else ""
            if close < 0 or name == "" or "$" in name or "(" in name:
                return None
            out.append(("var", name))
            i = close + 1
        else:
            out.append(c)
            i += 1
    return out


def value_regex(value, case_sensitive):
    out = []
    for c in value:
        out.append(".*" if c == "*" else "." if c == "?" else re.escape(c if case_sensitive else fold(c)))
    return "".join(out)


def to_regex(elems, variables, case_sensitive):
    """The regular expression for pattern elements; None when a variable is undefined (P4)."""
    out = []
    for e in elems:
        if isinstance(e, tuple) and "R5" in DEVIATIONS and e[1] in variables:
            # Deviation R5 (SPEC V1): a custom variable's reference is literal text.
            literal = "$(" + e[1] + ")"
            out.append(re.escape(literal if case_sensitive else fold(literal)))
        elif isinstance(e, tuple):
            values = variables.get(e[1], PREDEFINED.get(e[1]))
            if values is None:
                return None
            out.append("(?:" + "|".join(value_regex(v, case_sensitive) for v in values) + ")" if values else "(?!)")
        elif e == "*":
            out.append(".*")
        elif e == "?":
            out.append(".")
        else:
            out.append(re.escape(e if case_sensitive else fold(e)))
    return "".join(out)


def expanded_size(elems, variables):
    size = len(elems)
    for e in elems:
        if isinstance(e, tuple):
            size += sum(len(v) for v in variables.get(e[1], PREDEFINED.get(e[1])) or [])
    return size


def compile_pattern(pattern, variables, case_sensitive, is_path):
    elems = elements(pattern)
    if elems is None or expanded_size(elems, variables) > MAX_EXPANDED:
        return None
    if is_path:
        # N1, N2: leading and trailing literal slashes do not count.
        while elems and elems[0] == "/":
            elems = elems[1:]
        while elems and elems[-1] == "/":
            elems = elems[:-1]
        # Deviation R1 (SPEC N3): a trailing "/*" is just part of the regex; no parent-path alternative.
        if "R1" not in DEVIATIONS and len(elems) >= 2 and elems[-2:] == ["/", "*"]:
            parent_elems = elems[:-2]
            while parent_elems and parent_elems[-1] == "/":
                parent_elems = parent_elems[:-1]
            parent = to_regex(parent_elems, variables, case_sensitive)
            rest = to_regex(elems, variables, case_sensitive)
            if parent is None or rest is None:
                return None
            return re.compile("(?:" + rest + ")|(?:" + parent + ")", re.DOTALL)
    regex = to_regex(elems, variables, case_sensitive)
    return None if regex is None else re.compile(regex, re.DOTALL)


# ---------------------------------------------------------------- deciding

def rule_matches(rule, parts, variables):
    cs, pe = rule["caseSensitive"], rule["percentEncoded"]
    # Deviation R6 (SPEC E3): `percentEncoded: false` is ignored, the URL is compared as written.
    if "R6" in DEVIATIONS:
        pe = True

    def text(raw):
        t = raw if pe else decode(raw)
        return t if cs else fold(t)

    def matches(pattern, raw, is_path=False):
        if pattern is None:
            return True
        regex = compile_pattern(pattern, variables, cs, is_path)
        if regex is None:
            return False
        t = text(raw)
        if is_path:
            t = t.strip("/")
        return regex.fullmatch(t) is not None

    path, query, fragment = parts
    patterns = [rule["/"], rule["#"]] + ([rule["?"]] if isinstance(rule["?"], str) else list((rule["?"] or {}).values()))
    if any(p is not None and compile_pattern(p, variables, cs, False) is None for p in patterns):
        return False
    if not matches(rule["/"], path, is_path=True):
        return False
    q = rule["?"]
    if isinstance(q, str):
        if not matches(q, query or ""):
            return False
    elif isinstance(q, dict):
        items = []
        for piece in (query or "").split("&"):
            if piece == "":
                continue
            name, _, value = piece.partition("=")
            items.append((text(name), value))
        for name, pattern in q.items():
            key = name if cs else fold(name)
            values = [v for n, v in items if n == key]
            # Deviation R4 (SPEC Q4): only the first occurrence of a repeated name is checked.
            if "R4" in DEVIATIONS:
                values = values[:1]
            # Deviation R2 (SPEC Q3): an item the query does not have fails the rule.
            if not values and "R2" in DEVIATIONS:
                return False
            if not values:
                values = [""]
            if not all(matches(pattern, v) for v in values):
                return False
    return matches(rule["#"], fragment or "")


def decide(request):
    aasa = request.get("aasa")
    for key in ("domain", "appId", "url"):
        if not isinstance(request.get(key), str):
            raise RequestError("missing field " + key)
    domain_defaults, variables, entries = load(aasa)
    url = normalize_url(request["url"])
    scheme, host, path, query, fragment = split_url(url)
    if scheme.lower() != "https":
        return "no_match"
    # Deviation R3 (SPEC U3): the host is compared case-sensitively.
    same_host = host == request["domain"] if "R3" in DEVIATIONS else host.lower() == request["domain"].lower()
    if request["domain"] and not same_host:
        return "no_match"
    app = request["appId"]
    for apps, entry_defaults, rules in entries:
        if app not in apps:
            continue
        for rule in rules:
            eff = effective(rule, entry_defaults, domain_defaults)
            if rule_matches(eff, (path, query, fragment), variables):
                return "exclude" if eff["exclude"] else "match"
    return "no_match"


def main():
    signal.signal(signal.SIGPROF, too_slow)
    for line in sys.stdin:
        request_id = None
        try:
            request = json.loads(line, parse_constant=reject_constants)
            if not isinstance(request, dict):
                raise RequestError("a request must be an object")
            request_id = request.get("id")
            signal.setitimer(signal.ITIMER_PROF, MATCH_SECONDS)
            try:
                reply = {"id": request_id, "decision": decide(request)}
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
        except TooSlow:
            reply = {"id": request_id, "error": "gave up after %g s (CPU) of regex matching: this pattern backtracks "
                     "catastrophically in Python's re (a limit of this peer, see examples/peers/README.md)" % MATCH_SECONDS}
        except (RequestError, ValueError, RecursionError) as error:
            reply = {"id": request_id, "error": str(error)}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
