#!/usr/bin/env python3
"""Fails when Package.swift, docs/ARCHITECTURE.md and the floors' rules part, or a file imports what its target does not declare.

The floors (docs/ARCHITECTURE.md) are written here once, each with exactly the modules it may
depend on; Package.swift must declare exactly those, no more and no fewer. Then every Swift file
must import only what its target declares (SwiftPM would let it reach a module another target
brings in), and a target must not declare what none of its files imports. Together: a floor uses
only itself, the floors below it and the libraries its rule names, and the rule is the manifest.
Reads the manifest with `swift package dump-package`. `--self-test` shows each check catching
what it exists to catch.
"""
import json, pathlib, re, subprocess, sys, tempfile

# Lowest first. A floor may name only floors listed before it.
FLOORS = {
    # Time, text, nutrition arithmetic, files, hashing and blocking work.
    "FoodDiaryBase": {"Crypto"},
    # The SQLite files: opening, migrating, reading and counting writes. No web, no feature.
    "FoodDiaryStorage": {"FoodDiaryBase", "GRDB", "NIOConcurrencyHelpers"},
    # HTTP plumbing, forms, rendering (a QR code's picture too), the one way out (OutboundHTTP over CHTTPShim). No feature.
    "FoodDiaryWeb": {"FoodDiaryBase", "FoodDiaryStorage", "CHTTPShim", "CHTMLShim", "CQRencode", "Hummingbird", "HummingbirdCore",
                     "HTTPTypes", "GRDB", "Logging", "MultipartKit", "Crypto", "NIOCore", "NIOPosix", "NIOHTTP1",
                     "NIOConcurrencyHelpers", "NIOHTTPTypes"},
    # The photo store, admission and image library. No web, no page.
    "FoodDiaryPhotos": {"FoodDiaryBase", "FoodDiaryStorage", "GRDB", "CMagic", "CPhotoShim"},
    # The catalog engine: import, in-memory index, ranking, search, amounts. No web, no page.
    "FoodDiaryCatalog": {"FoodDiaryBase", "FoodDiaryStorage", "CSearchRank", "GRDB", "Logging", "ServiceLifecycle",
                         "NIOConcurrencyHelpers", "CSV"},
    # The features: each area's pages, reads and views. Not CHTTPShim: a feature goes out only through
    # the web floor's OutboundHTTP, which checks every address before a connection opens. Not CSearchRank:
    # ranking is the engine's. CPDFShim: a report's PDF, drawn by cairo and pango.
    "FoodDiary": {"FoodDiaryCatalog", "FoodDiaryPhotos", "FoodDiaryWeb", "FoodDiaryStorage", "FoodDiaryBase",
                  "Hummingbird", "HTTPTypes", "GRDB", "Logging", "ServiceLifecycle", "Crypto", "CryptoExtras", "JWTKit", "MCP", "NIOPosix",
                  "NIOConcurrencyHelpers", "HummingbirdBcrypt", "ZIPFoundation", "CSV", "CPDFShim"},
    # The app that wires them: configuration, start-up, the server (with TLS) and its services.
    "FoodDiaryApp": {"FoodDiaryCatalog", "FoodDiary", "FoodDiaryPhotos", "FoodDiaryWeb", "FoodDiaryStorage",
                     "FoodDiaryBase", "Hummingbird", "HummingbirdCore", "HummingbirdTLS", "HTTPTypes", "GRDB",
                     "Logging", "ServiceLifecycle", "NIOCore", "NIOPosix", "NIOConcurrencyHelpers", "NIOSSL"},
    # The demo diary and the benchmarks: the command line runs them, the server never does.
    "FoodDiaryTools": {"FoodDiaryCatalog", "FoodDiaryPhotos", "FoodDiaryWeb", "FoodDiaryStorage", "FoodDiaryBase",
                       "FoodDiary", "FoodDiaryApp", "GRDB"},
    # The command line.
    "fooddiary": {"FoodDiaryCatalog", "FoodDiaryBase", "FoodDiaryStorage", "FoodDiaryWeb", "FoodDiary",
                  "FoodDiaryApp", "FoodDiaryTools", "ArgumentParser", "ServiceLifecycle", "Hummingbird", "Logging"},
}

# The toolchain's own modules, which no manifest names; each floor may use these and no other.
SYSTEM = {"Foundation", "FoundationEssentials", "Glibc", "Dispatch", "Synchronization", "_Concurrency"}
SYSTEM_EXTRA = {"fooddiary": {"FoundationNetworking"}, "FoodDiaryTests": {"FoundationXML", "Testing"}}

IMPORT = re.compile(r"^(?:@[A-Za-z_]+(?:\([^)]*\))? )*import (?:struct |class |enum |func |typealias |protocol |var |let )?([A-Za-z_0-9]+)")


def targets(manifest):
    """Each Swift target with its folder and the modules it declares."""
    out = {}
    for target in manifest["targets"]:
        if target["type"] not in ("regular", "executable", "test"):
            continue
        names = set()
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "product", "target"):
                if kind in dependency:
                    names.add(dependency[kind][0])
        folder = target.get("path") or ("Tests/" if target["type"] == "test" else "Sources/") + target["name"]
        out[target["name"]] = (folder, names)
    return out


def rule_breaks(floors):
    """A floor's rule that names a floor above it."""
    order = list(floors)
    return [f"{floor} may use {name}, a floor above it" for index, floor in enumerate(order)
            for name in sorted(floors[floor]) if name in order[index:]]


def manifest_breaks(floors, declared):
    """Where Package.swift declares more or less than a floor's rule."""
    wrong = []
    for floor, allowed in floors.items():
        if floor not in declared:
            wrong.append(f"{floor}: a floor Package.swift does not declare")
            continue
        names = declared[floor][1]
        wrong += [f"{floor} declares {name}, which its rule does not allow" for name in sorted(names - allowed)]
        wrong += [f"{floor}'s rule allows {name}, which Package.swift does not declare" for name in sorted(allowed - names)]
    return wrong


def import_breaks(root, declared):
    """Imports a target does not declare, and declarations none of its Swift files import."""
    wrong = []
    for name, (folder, names) in declared.items():
        files = sorted((root / folder).rglob("*.swift"))
        if not files:
            continue  # a C target: its headers are its imports
        imported = set()
        for file in files:
            for number, line in enumerate(file.read_text().split("\n"), 1):
                match = IMPORT.match(line)
                if not match:
                    continue
                module = match.group(1)
                imported.add(module)
                if module not in names | SYSTEM | SYSTEM_EXTRA.get(name, set()) | {name}:
                    wrong.append(f"{file.relative_to(root)}:{number}: {line.strip()} (not declared by {name})")
        wrong += [f"{name} declares {module}, which none of its files imports" for module in sorted(names - imported)]
    return wrong


def may_import(floor, floors):
    """A floor's rule as docs/ARCHITECTURE.md's table writes it: the floors below first, then the
    libraries, each in backticks."""
    order = list(floors)
    names = sorted(floors[floor], key=lambda name: (name not in order, order.index(name) if name in order else 0, name.lower()))
    return ", ".join(f"`{name}`" for name in names)


def doc_breaks(text, floors):
    """Rows of ARCHITECTURE's "What each floor may use" that say other than the floors' rules."""
    rows = {match.group(1): match.group(2).strip() for match in re.finditer(r"^\| `(\w+)` \| ([^|]*) \|", text, re.M)}
    wrong = []
    for floor in floors:
        if floor not in rows:
            wrong.append(f"docs/ARCHITECTURE.md has no row for {floor}")
        elif rows[floor] != may_import(floor, floors):
            wrong.append(f"docs/ARCHITECTURE.md says {floor} may import {rows[floor]}; its rule is {may_import(floor, floors)}")
    return wrong


def problems(root, manifest, floors, architecture=None):
    declared = targets(manifest)
    return (rule_breaks(floors) + manifest_breaks(floors, declared) + import_breaks(root, declared)
            + (doc_breaks(architecture, floors) if architecture is not None else []))


def self_test():
    floors = {"Base": {"Crypto"}, "Web": {"Base", "Hummingbird", "Feature"}, "Feature": {"Base", "Web", "GRDB"}}
    manifest = {"targets": [
        {"name": "Base", "type": "regular", "dependencies": [{"product": ["Crypto", "swift-crypto"]}]},
        {"name": "Web", "type": "regular", "dependencies": [{"byName": ["Base"]}, {"product": ["Hummingbird", "hummingbird"]},
                                                            {"target": ["Feature"]}, {"byName": ["CHTTPShim"]}]},
        {"name": "Feature", "type": "regular", "dependencies": [{"byName": ["Base"]}, {"byName": ["Web"]}, {"product": ["NIOCore", "swift-nio"]}]},
    ]}
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        for name, text in {
            "Base/Fine.swift": "import Foundation\nimport struct Crypto.SHA256\n",
            "Web/Fine.swift": "import Base\n@preconcurrency import Hummingbird\nimport Feature\nimport CHTTPShim\n",
            "Feature/Wrong.swift": "import Base\nimport Web\nimport GRDB\nimport FoundationNetworking\n",
        }.items():
            (root / "Sources" / name).parent.mkdir(parents=True, exist_ok=True)
            (root / "Sources" / name).write_text(text)
        architecture = "| `Base` | `Crypto` | x |\n| `Web` | `Base`, `Hummingbird` | y |\n"
        found = problems(root, manifest, floors, architecture)
    expected = [
        "docs/ARCHITECTURE.md says Web may import `Base`, `Hummingbird`; its rule is `Base`, `Feature`, `Hummingbird`",
        "docs/ARCHITECTURE.md has no row for Feature",
        "Web may use Feature, a floor above it",
        "Web declares CHTTPShim, which its rule does not allow",
        "Feature declares NIOCore, which its rule does not allow",
        "Feature's rule allows GRDB, which Package.swift does not declare",
        "Sources/Feature/Wrong.swift:3: import GRDB (not declared by Feature)",
        "Sources/Feature/Wrong.swift:4: import FoundationNetworking (not declared by Feature)",
        "Feature declares NIOCore, which none of its files imports",
    ]
    if sorted(found) != sorted(expected):
        sys.exit("check-floors self-test: expected\n  " + "\n  ".join(sorted(expected)) + "\nfound\n  " + "\n  ".join(sorted(found)))
    print(f"check-floors self-test: caught all {len(expected)} breaks (an upward rule, the manifest and a rule apart both ways, "
          "undeclared imports, an unused declaration, the architecture's table apart), passed the fine ones")


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if sys.argv[1:] == ["--table"]:
        return print("\n".join(f"{floor}: {may_import(floor, FLOORS)}" for floor in FLOORS))
    root = pathlib.Path(__file__).resolve().parent.parent
    manifest = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                         capture_output=True, text=True).stdout)
    wrong = problems(root, manifest, FLOORS, (root / "docs" / "ARCHITECTURE.md").read_text())
    if wrong:
        sys.exit("The floors' rules, Package.swift and the imports disagree (docs/ARCHITECTURE.md):\n  " + "\n  ".join(wrong))
    print(f"check-floors: Package.swift and docs/ARCHITECTURE.md say exactly the {len(FLOORS)} floors' rules, "
          "and every target imports all it declares and nothing else")


main()
