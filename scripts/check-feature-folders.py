#!/usr/bin/env python3
"""Fails when the feature folders of Sources/FoodDiary use each other in a cycle.

A folder uses another when it names a type (struct, enum, class, actor, protocol, typealias)
declared only there. The folders must form layers: shared domain folders (Meals, MyFoods,
Diaries, Partials…) below, pages above, never two folders each needing the other
(docs/ARCHITECTURE.md, "Inside the features"). The compiler cannot see this inside one target, so
this does. Called by scripts/check-layers.sh; `--self-test` shows it catching a cycle.
"""
import collections
import os
import re
import sys
import tempfile

DECLARATION = re.compile(
    r'^(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect|nonisolated|open)\s+)*'
    r'(?:struct|enum|class|actor|protocol|typealias)\s+([A-Za-z_]\w*)', re.M)
# A name after a dot is a member (`MealQueries.Page`), not the type of that name elsewhere.
IDENTIFIER = re.compile(r'(?<![\w.])([A-Za-z_]\w*)')


def code_only(source):
    """The source without comments and string contents, so a type named in words is no use."""
    source = re.sub(r'/\*.*?\*/', ' ', source, flags=re.S)
    source = re.sub(r'"""(?:.|\n)*?"""', '""', source)
    lines = []
    for line in source.split('\n'):
        line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
        comment = line.find('//')
        lines.append(line if comment < 0 else line[:comment])
    return '\n'.join(lines)


def folder_uses(root):
    """{folder: {used folder: {type names}}} for the folders directly under root."""
    declared, identifiers = collections.defaultdict(set), collections.defaultdict(set)
    for folder in sorted(os.listdir(root)):
        path = os.path.join(root, folder)
        if not os.path.isdir(path):
            continue  # the root's own files wire every feature together
        for directory, _, files in os.walk(path):
            for name in files:
                if not name.endswith('.swift') or 'generated' in name:
                    continue
                source = open(os.path.join(directory, name), encoding='utf-8').read()
                code = code_only(source)
                for match in DECLARATION.finditer(code):
                    declared[match.group(1)].add(folder)
                identifiers[folder].update(IDENTIFIER.findall(code))
    owner = {name: next(iter(folders)) for name, folders in declared.items() if len(folders) == 1 and len(name) > 2}
    uses = collections.defaultdict(lambda: collections.defaultdict(set))
    for folder, names in identifiers.items():
        for name in names:
            if name in owner and owner[name] != folder:
                uses[folder][owner[name]].add(name)
    return uses


def cycles(uses):
    """Each strongly connected set of more than one folder (Tarjan's algorithm)."""
    index, low, stack, on_stack, found, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def visit(folder):
        index[folder] = low[folder] = counter[0]
        counter[0] += 1
        stack.append(folder)
        on_stack.add(folder)
        for used in uses.get(folder, {}):
            if used not in index:
                visit(used)
                low[folder] = min(low[folder], low[used])
            elif used in on_stack:
                low[folder] = min(low[folder], index[used])
        if low[folder] == index[folder]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == folder:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for folder in sorted(set(uses) | {u for used in uses.values() for u in used}):
        if folder not in index:
            visit(folder)
    return found


def report(root):
    uses = folder_uses(root)
    found = cycles(uses)
    for component in found:
        print(f'These feature folders use each other in a cycle: {", ".join(component)}', file=sys.stderr)
        for folder in component:
            for used in sorted(uses[folder]):
                if used in component:
                    print(f'  {folder} -> {used}: {", ".join(sorted(uses[folder][used]))}', file=sys.stderr)
    edges = sum(len(used) for used in uses.values())
    return found, edges


def self_test():
    with tempfile.TemporaryDirectory() as root:
        def write(path, text):
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            open(os.path.join(root, path), 'w').write(text)
        write('Meals/Meal.swift', 'struct Meal {}\n')
        write('MealPages/MealPage.swift', 'struct MealPage { let meal: Meal }\n')
        write('Days/Day.swift', 'struct Day { let meals: [Meal] }\n// A MealPage is named here only in words.\nlet s = "MealPage"\n')
        found, _ = cycles(folder_uses(root)), None
        if found:
            sys.exit(f'check-feature-folders self-test: layers taken for a cycle: {found}')
        write('Meals/Meal+Page.swift', 'extension Meal { var page: MealPage? { nil } }\n')
        found = cycles(folder_uses(root))
        if found != [['MealPages', 'Meals']]:
            sys.exit(f'check-feature-folders self-test: expected the cycle Meals ⇄ MealPages, found {found}')
    print('check-feature-folders self-test: caught a cycle, passed the layers')


if __name__ == '__main__':
    if sys.argv[1:] == ['--self-test']:
        self_test()
        sys.exit(0)
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
    root = 'Sources/FoodDiary'
    found, edges = report(root)
    if found:
        sys.exit(1)
    folders = len([f for f in os.listdir(root) if os.path.isdir(os.path.join(root, f))])
    print(f'check-feature-folders: {folders} feature folders, {edges} uses among them, no cycle')
