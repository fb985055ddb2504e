#!/usr/bin/env python3
"""Fails when a target's Swift file imports a module its target does not declare in Package.swift.

SwiftPM builds a module a target reaches only through another's dependencies, so such an import
compiles today and breaks when that other package changes; and the floors' rules
(scripts/check-layers.sh) are only as true as the declarations they rest on. Reads the manifest
with `swift package dump-package`. `--self-test` shows it catching what it exists to catch.
"""
import json, pathlib, re, subprocess, sys, tempfile

# The toolchain's own modules, which no manifest names.
SYSTEM = {"Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Glibc", "Dispatch", "Synchronization", "_Concurrency",
          "Testing", "XCTest"}
IMPORT = re.compile(r"^(?:@[A-Za-z_]+(?:\([^)]*\))? )*import (?:struct |class |enum |func |typealias |protocol |var |let )?([A-Za-z_0-9]+)")


def declared(manifest):
    """Each Swift target's folder and the modules it may import: its own and those it names."""
    out = {}
    for target in manifest["targets"]:
        if target["type"] not in ("regular", "executable", "test"):
            continue
        names = {target["name"]}
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "product", "target"):
                if kind in dependency:
                    names.add(dependency[kind][0])
        folder = target.get("path") or ("Tests/" if target["type"] == "test" else "Sources/") + target["name"]
        out[folder] = names
    return out


def undeclared(root, targets):
    wrong = []
    for folder, names in targets.items():
        for file in sorted((root / folder).rglob("*.swift")):
            for number, line in enumerate(file.read_text().split("\n"), 1):
                match = IMPORT.match(line)
                if match and match.group(1) not in names | SYSTEM:
                    wrong.append(f"{file.relative_to(root)}:{number}: {line.strip()}")
    return wrong


def self_test():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / "Sources/Features").mkdir(parents=True)
        (root / "Sources/Features/Fine.swift").write_text("import Foundation\nimport GRDB\n@preconcurrency import CMagic\n")
        (root / "Sources/Features/Wrong.swift").write_text("import CHTTPShim\nimport HTTPTypes\n")
        manifest = {"targets": [{"name": "Features", "type": "regular", "dependencies": [{"product": ["GRDB", "GRDB.swift"]}, {"byName": ["CMagic"]}]}]}
        found = undeclared(root, declared(manifest))
        if len(found) != 2:
            sys.exit(f"check-declared-imports self-test: expected 2 undeclared imports, found {found}")
    print("check-declared-imports self-test: caught both undeclared imports, passed the declared ones")


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    root = pathlib.Path(__file__).resolve().parent.parent
    manifest = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True, capture_output=True, text=True).stdout)
    wrong = undeclared(root, declared(manifest))
    if wrong:
        sys.exit("A file imports a module its target does not declare in Package.swift:\n" + "\n".join(wrong))
    print("check-declared-imports: every import is declared by its target in Package.swift")


main()
