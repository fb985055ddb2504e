#!/usr/bin/env python3
"""Checks that every word FoodDiary shows can be read in every language it has a catalogue for.

Extracts the English messages: each `{{#t}}…{{/t}}` in Templates/, each `tr("…")` in Sources/ and
each `t("…")` in Public/js/ (those with the context "script"), and writes them as
Languages/fooddiary.pot for translators (Weblate, Poedit). Fails when
  - a template holds words outside `{{#t}}` (text, or a placeholder/title/aria-label/alt/label),
  - a catalogue (Languages/*.po) lacks a message, leaves one untranslated or fuzzy, or keeps one no
    longer used (stale),
  - a translation drops or adds a {{key}}, a {1} placeholder or an HTML tag of its English.

  scripts/check-translations.py              check (the static checks run this)
  scripts/check-translations.py --update     rewrite the .pot, add new messages to each .po
                                             (empty, to translate) and drop stale ones
  scripts/check-translations.py --self-test  show it catching each of those in a made-up tree
"""
import pathlib
import re
import sys
from collections import OrderedDict

ROOT = pathlib.Path(__file__).resolve().parent.parent
LANGUAGES = ROOT / "Languages"
POT = LANGUAGES / "fooddiary.pot"
# Not words to translate: the app's and its sources' names, unit symbols.
NOT_WORDS = {"FoodDiary", "min", "kcal", "kJ", "g", "mg", "µg", "ml", "oz", "lb", "kg", "USDA", "SR28", "×", "fl"}
ATTRIBUTES = ("placeholder", "title", "aria-label", "alt", "label")
SCRIPT_CONTEXT = "script"


def collapse(text):
    return " ".join(text.split())


def template_id(body):
    body = re.sub(r"\{\{\{\s*([^}\s]+)\s*\}\}\}", r"{{{\1}}}", body)
    body = re.sub(r"\{\{&\s*([^}\s]+)\s*\}\}", r"{{{\1}}}", body)
    body = re.sub(r"\{\{(?!\{)\s*([^}#^/!>&<$=\s][^}\s]*)\s*\}\}", r"{{\1}}", body)
    return collapse(body)


def words(text):
    return [w for w in re.findall(r"[A-Za-z][A-Za-z’'\-]*", text) if w not in NOT_WORDS]


def template_messages(path, problems):
    text = path.read_text()
    rel = path.relative_to(ROOT)
    found = []
    for match in re.finditer(r"\{\{#t\}\}(.*?)\{\{/t\}\}", text, re.S):
        found.append((template_id(match.group(1)), None, None, f"{rel}:{text.count(chr(10), 0, match.start()) + 1}"))
    # What is left once the translated parts, comments, scripts and tags' insides are gone.
    rest = re.sub(r"\{\{#t\}\}.*?\{\{/t\}\}", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    rest = re.sub(r"\{\{!.*?\}\}|<!--.*?-->|<script.*?</script>|<style.*?</style>", lambda m: "\n" * m.group(0).count("\n"), rest, flags=re.S)
    for number, line in enumerate(rest.split("\n"), 1):
        for tag in re.findall(r"<[a-zA-Z](?:\{\{.*?\}\}|[^>])*>", line):
            for name, value in re.findall(r"\b(%s)=\"([^\"]*)\"" % "|".join(ATTRIBUTES), tag):
                if words(re.sub(r"\{\{.*?\}\}", " ", value)):
                    problems.append(f"{rel}:{number}: {name}=\"{value}\" is not in {{{{#t}}}}")
        visible = re.sub(r"<(?:\{\{.*?\}\}|[^>])*>", " ", line)
        visible = re.sub(r"\{\{.*?\}\}", " ", visible)
        visible = re.sub(r"&[a-z]+;|&#\d+;", " ", visible)
        if words(visible):
            problems.append(f"{rel}:{number}: \"{collapse(visible)}\" is not in {{{{#t}}}}")
    return found


def swift_literal(text, start):
    """The message id of the Swift string literal opening at text[start] ('"'), and where it ends."""
    assert text[start] == '"'
    i, out, argument = start + 1, [], 0
    while True:
        c = text[i]
        if c == '"':
            return "".join(out), i + 1
        if c == "\\":
            n = text[i + 1]
            if n == "(":
                depth, i = 1, i + 2
                while depth:
                    depth += {"(": 1, ")": -1}.get(text[i], 0)
                    i += 1
                argument += 1
                out.append("{%d}" % argument)
                continue
            if n == "u":
                close = text.index("}", i)
                out.append(chr(int(text[i + 3:close], 16)))
                i = close + 1
                continue
            out.append({"n": "\n", "t": "\t", "0": "\0"}.get(n, n))
            i += 2
            continue
        out.append(c)
        i += 1


def swift_messages(path, problems):
    # Comments may show how tr( is called; only code counts.
    text = re.sub(r"^\s*//.*$", "", path.read_text(), flags=re.M)
    rel = path.relative_to(ROOT)
    found = []
    for match in re.finditer(r"\btr\(\s*(one:\s*)?\"", text):
        line = f"{rel}:{text.count(chr(10), 0, match.start()) + 1}"
        ident, end = swift_literal(text, match.end() - 1)
        plural = None
        if match.group(1):
            other = re.match(r"\s*,\s*other:\s*\"", text[end:])
            if not other:
                problems.append(f"{line}: tr(one:) without other:")
                continue
            plural, end = swift_literal(text, end + other.end() - 1)
        context = re.match(r"(?:\s*,\s*count:[^,)]*)?\s*,\s*context:\s*\"([^\"]*)\"", text[end:])
        found.append((ident, plural, context.group(1) if context else None, line))
    for match in re.finditer(r"\bmarked\(\s*\"([^\"]*)\",\s*context:\s*\"([^\"]*)\"", text):
        line = f"{rel}:{text.count(chr(10), 0, match.start()) + 1}"
        found.append((match.group(1), None, match.group(2), line))
        # A nutrient is named in sentences too, where English writes it in lower case.
        if match.group(2) == "nutrient":
            english = match.group(1)[:1].lower() + match.group(1)[1:]
            found.append((english, None, "nutrient, in a sentence", line))
    for match in re.finditer(r"\btr\((?!\s*(?:one:|known:|\"))", text):
        line = text.count("\n", 0, match.start()) + 1
        if not text[match.start() - 5:match.start()].endswith("func "):
            problems.append(f"{rel}:{line}: tr( needs a string literal, so its words can be found")
    # A static let is worked out once, in whichever language the first request that reads it
    # speaks; a message in it would show in that language to everyone after.
    for match in re.finditer(r"\bstatic let\b", text):
        depth, i = 0, match.end()
        while i < len(text) and not (text[i] == "\n" and depth == 0):
            depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(text[i], 0)
            i += 1
        if re.search(r"\btr\(", text[match.end():i]):
            line = text.count("\n", 0, match.start()) + 1
            problems.append(f"{rel}:{line}: a static let holds a tr(…): make it a computed static var")
    return found


def activity_messages(path, problems):
    """The names and groups of Activities.tsv, which `tr(known:context:)` shows."""
    rel = path.relative_to(ROOT)
    found = []
    lines = [line for line in path.read_text().split("\n") if line and not line.startswith("#")][1:]
    for line in lines:
        fields = line.split("\t")
        found.append((fields[1], None, "activity group", str(rel)))
        found.append((fields[2], None, "activity", str(rel)))
    return found


def script_messages(path, problems):
    text = path.read_text()
    rel = path.relative_to(ROOT)
    found = []
    for match in re.finditer(r"\bt\(\s*\"((?:[^\"\\]|\\.)*)\"", text):
        ident = bytes(match.group(1), "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")
        found.append((ident, None, SCRIPT_CONTEXT, f"{rel}:{text.count(chr(10), 0, match.start()) + 1}"))
    return found


def extract(problems):
    messages = OrderedDict()
    sources = [(p, template_messages) for p in sorted((ROOT / "Templates").rglob("*.mustache"))]
    sources += [(p, swift_messages) for p in sorted((ROOT / "Sources").rglob("*.swift"))]
    sources += [(ROOT / "Sources/FoodDiaryBase/Activity/Activities.tsv", activity_messages)]
    sources += [(p, script_messages) for p in sorted((ROOT / "Public" / "js").glob("*.js"))]
    for path, reader in sources:
        for ident, plural, context, where in reader(path, problems):
            key = (context, ident)
            if key in messages:
                messages[key]["where"].append(where)
                if messages[key]["plural"] != plural:
                    problems.append(f"{where}: \"{ident}\" has another plural elsewhere")
            else:
                messages[key] = {"plural": plural, "where": [where]}
    return messages


def quote(text):
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\n", "\\n")
    return f'"{escaped}"'


def unquote(text):
    body = text.strip()[1:-1]
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), body)


def read_po(path):
    """Header text, and entries as dicts with context, id, plural, strings (list), fuzzy."""
    entries, entry, field = [], None, None
    for line in path.read_text().split("\n") + [""]:
        line = line.strip()
        if not line or line.startswith("#~"):
            if entry:
                entries.append(entry)
            entry, field = None, None
            continue
        if line.startswith("#"):
            if entry and entry["strings"]:
                entries.append(entry)
                entry = None
            entry = entry or {"context": None, "id": "", "plural": None, "strings": [], "fuzzy": False, "comments": []}
            if line.startswith("#,") and "fuzzy" in line:
                entry["fuzzy"] = True
            elif line.startswith("# ") or line == "#":
                entry["comments"].append(line)
            continue
        entry = entry or {"context": None, "id": "", "plural": None, "strings": [], "fuzzy": False, "comments": []}
        keyword, _, value = line.partition(" ") if not line.startswith('"') else (None, None, line)
        if keyword == "msgctxt":
            field, entry["context"] = "context", ""
        elif keyword == "msgid":
            field = "id"
        elif keyword == "msgid_plural":
            field, entry["plural"] = "plural", ""
        elif keyword is not None and keyword.startswith("msgstr"):
            field = len(entry["strings"])
            entry["strings"].append("")
        value = unquote(value)
        if isinstance(field, int):
            entry["strings"][field] += value
        else:
            entry[field] = (entry[field] or "") + value
    header = next((e for e in entries if e["id"] == "" and e["context"] is None), None)
    return header, [e for e in entries if e is not header]


def marks(text):
    """What a translation must keep of its English: keys, placeholders, tags."""
    return sorted(re.findall(r"\{\{\{?[^}]*\}?\}\}|\{\w+\}|</?[a-zA-Z][^>]*>", text))


def write_entry(out, context, ident, plural, strings, where=(), comments=()):
    out.extend(comments)
    for place in list(OrderedDict.fromkeys(place.split(":")[0] for place in where))[:3]:
        out.append(f"#: {place}")
    if context is not None:
        out.append(f"msgctxt {quote(context)}")
    out.append(f"msgid {quote(ident)}")
    if plural is not None:
        out.append(f"msgid_plural {quote(plural)}")
        for n, string in enumerate(strings or ["", ""]):
            out.append(f"msgstr[{n}] {quote(string)}")
    else:
        out.append(f"msgstr {quote((strings or [''])[0])}")
    out.append("")


def pot_text(messages):
    out = ['msgid ""', 'msgstr ""', quote("Project-Id-Version: FoodDiary\n"), quote("Content-Type: text/plain; charset=UTF-8\n"),
           quote("Plural-Forms: nplurals=2; plural=(n != 1);\n"), ""]
    for (context, ident), message in messages.items():
        write_entry(out, context, ident, message["plural"], None, message["where"])
    return "\n".join(out)


def update(messages):
    POT.write_text(pot_text(messages))
    for path in sorted(LANGUAGES.glob("*.po")):
        header, entries = read_po(path)
        known = {(e["context"], e["id"]): e for e in entries}
        out = [f"msgid {quote('')}", f"msgstr {quote('')}"]
        out += [quote(line + "\n") for line in (header["strings"][0] if header else "").split("\n") if line] + [""]
        for (context, ident), message in messages.items():
            entry = known.get((context, ident))
            write_entry(out, context, ident, message["plural"], entry["strings"] if entry else None, message["where"],
                        entry["comments"] if entry else ())
            if entry and entry["fuzzy"]:
                out.insert(len(out) - 3 - (message["plural"] is not None) - (context is not None), "#, fuzzy")
        path.write_text("\n".join(out))


def check(messages, problems):
    if not POT.exists() or POT.read_text() != pot_text(messages):
        problems.append("Languages/fooddiary.pot is out of date: run scripts/check-translations.py --update")
    for path in sorted(LANGUAGES.glob("*.po")):
        header, entries = read_po(path)
        if not header or "Language:" not in header["strings"][0] or "Plural-Forms:" not in header["strings"][0]:
            problems.append(f"{path.name}: the header needs Language and Plural-Forms")
        known = {(e["context"], e["id"]): e for e in entries}
        for key, message in messages.items():
            entry = known.get(key)
            label = f"{path.name}: \"{key[1][:70]}\"" + (f" ({key[0]})" if key[0] else "")
            if entry is None:
                problems.append(f"{label} is missing")
            elif entry["fuzzy"] or not entry["strings"] or not all(entry["strings"]):
                problems.append(f"{label} is not translated")
            else:
                for string, english in zip(entry["strings"], [key[1]] + [message["plural"] or key[1]] * 5):
                    if marks(string) != marks(english) and not (message["plural"] and marks(string) == marks(key[1])):
                        problems.append(f"{label}: the translation “{string[:70]}” keeps other keys or tags than its English")
        for key in known.keys() - messages.keys():
            problems.append(f"{path.name}: \"{key[1][:70]}\" is stale: nothing shows it any more")


def self_test():
    """Each failure once in a made-up tree, then the same tree mended passes."""
    import tempfile
    global ROOT, LANGUAGES, POT
    with tempfile.TemporaryDirectory() as folder:
        ROOT = pathlib.Path(folder)
        LANGUAGES, POT = ROOT / "Languages", ROOT / "Languages" / "fooddiary.pot"
        for sub in ("Templates", "Sources/FoodDiaryBase/Activity", "Public/js", "Languages"):
            (ROOT / sub).mkdir(parents=True)
        (ROOT / "Sources/FoodDiaryBase/Activity/Activities.tsv").write_text("# made up\nkey\tgroup\tname\tmet\tcompendium\n")
        template = ROOT / "Templates/page.mustache"
        template.write_text('<h1>{{#t}}Hello {{name}}{{/t}}</h1>\n<p>Left in English</p>\n<input placeholder="Type here">\n')
        (ROOT / "Sources/A.swift").write_text('let a = tr("Saved \\(x).")\nstatic let b = [\n  tr("New one")\n]\n')
        header = 'msgid ""\nmsgstr ""\n"Language: de\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        catalogue = LANGUAGES / "de.po"
        catalogue.write_text(header + 'msgid "Hello {{name}}"\nmsgstr "Hallo {{{name}}}"\n\nmsgid "Saved {1}."\nmsgstr ""\n\n'
                             'msgid "Gone"\nmsgstr "Weg"\n')
        problems = []
        check(extract(problems), problems)
        expected = ["is not in {{#t}}", "placeholder=", "out of date", "keeps other keys", "is not translated", "is missing", "is stale",
                    "static let"]
        caught = [e for e in expected if any(e in problem for problem in problems)]
        if caught != expected:
            sys.exit(f"check-translations self-test: missed {sorted(set(expected) - set(caught))} in {problems}")
        template.write_text('<h1>{{#t}}Hello {{name}}{{/t}}</h1>\n<p>{{#t}}Now in a catalogue{{/t}}</p>\n')
        (ROOT / "Sources/A.swift").write_text('let a = tr("Saved \\(x).")\nstatic var b: [String] { [tr("New one")] }\n')
        update(extract([]))
        catalogue.write_text(header + "".join(f'msgid "{m}"\nmsgstr "{t}"\n\n' for m, t in [
            ("Hello {{name}}", "Hallo {{name}}"), ("Now in a catalogue", "Jetzt in einem Katalog"), ("Saved {1}.", "{1} gespeichert."),
            ("New one", "Ein neues")]))
        update(extract([]))
        problems = []
        check(extract(problems), problems)
        if problems:
            sys.exit(f"check-translations self-test: a mended tree still fails: {problems}")
    print("check-translations self-test: caught an untranslated text and label, a stale .pot, a translation with other keys, "
          "an untranslated, a missing and a stale message; passed the mended tree")


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    problems = []
    messages = extract(problems)
    if "--update" in sys.argv:
        update(messages)
        print(f"{len(messages)} messages written to {POT.relative_to(ROOT)} and the catalogues")
    else:
        check(messages, problems)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problems with translations")
        sys.exit(1)
    if "--update" not in sys.argv:
        languages = ", ".join(path.stem for path in sorted(LANGUAGES.glob("*.po")))
        print(f"check-translations: {len(messages)} messages, no word outside them, every one in {languages}")


if __name__ == "__main__":
    main()
