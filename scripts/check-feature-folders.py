#!/usr/bin/env python3
"""Fails when the feature folders of Sources/FoodDiary use each other in a cycle, or one names
another's controller.

A folder uses another when it names a type (struct, enum, class, actor, protocol, typealias)
declared only there. The folders must form layers: shared domain folders (Meals, MyFoods,
Diaries, Partials…) below, pages above, never two folders each needing the other
(docs/ARCHITECTURE.md, "Inside the features"). The compiler cannot see this inside one target, so
this does. A controller is a page's routes and handlers, never a library: what two features share
is a query or a type both call (a day's JSON, a nutrient report), so a folder naming a `…Controller`
declared in another fails too. Called by scripts/check-layers.sh; `--self-test` shows it catching
a cycle and a borrowed controller.
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


def borrowed_controllers(uses):
    """(folder, other folder, controller) for each controller a folder names from another."""
    return sorted((folder, used, name) for folder, by in uses.items() for used, names in by.items()
                  for name in names if name.endswith('Controller'))


def snake(name):
    return re.sub(r'(?<!^)(?=[A-Z])', '_', name).lower()


# A page two folders render, and why.
SHARED_TEMPLATES = {'entries/amount': 'a recipe\'s ingredient is given its amount on the same page as a meal\'s food'}


def misplaced_templates(root, page_template, templates):
    """Each page template whose folder is not the one of the feature folder that renders it
    (`Templates/meal_pages/` is rendered from `MealPages/`), or that no feature renders."""
    cases = re.findall(r'case (\w+) = "([^"]+)"', open(page_template, encoding='utf-8').read())
    renderers = collections.defaultdict(set)
    for directory, _, files in os.walk(root):
        folder = os.path.relpath(directory, root).split(os.sep)[0]
        for name in files:
            if name.endswith('.swift') and folder != '.' and 'generated' not in name:
                source = open(os.path.join(directory, name), encoding='utf-8').read()
                for case, path in cases:
                    if re.search(r'\brender\(\s*\.' + case + r'\b', source):
                        renderers[path].add(folder)
    problems = []
    for case, path in cases:
        folders = renderers[path]
        wanted = path.split('/')[0]
        if not folders:
            problems.append(f'{path}: no feature renders it (render(.{case}, …))')
        elif any(snake(folder) != wanted for folder in folders) and path not in SHARED_TEMPLATES:
            problems.append(f'{path}: rendered from {", ".join(sorted(folders))}, so it belongs in Templates/{snake(sorted(folders)[0])}/')
    for folder in sorted(os.listdir(templates)):
        if os.path.isdir(os.path.join(templates, folder)) and folder != 'partials' and not os.path.isdir(os.path.join(root, folder.title().replace('_', ''))):
            problems.append(f'Templates/{folder}/ is named for no feature folder')
    return problems


def report(root):
    uses = folder_uses(root)
    found = cycles(uses)
    for component in found:
        print(f'These feature folders use each other in a cycle: {", ".join(component)}', file=sys.stderr)
        for folder in component:
            for used in sorted(uses[folder]):
                if used in component:
                    print(f'  {folder} -> {used}: {", ".join(sorted(uses[folder][used]))}', file=sys.stderr)
    borrowed = borrowed_controllers(uses)
    for folder, used, name in borrowed:
        print(f'{folder} calls {used}\'s controller {name}: share a query or a type instead', file=sys.stderr)
    edges = sum(len(used) for used in uses.values())
    return found + [[folder, used] for folder, used, _ in borrowed], edges


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
        write('Assistant/Tools.swift', 'let day = DayPagesController.dayJSON(diary)\n')
        write('Days/DayPagesController.swift', 'struct DayPagesController { static func dayJSON() {} }\n')
        borrowed = borrowed_controllers(folder_uses(root))
        if borrowed != [('Assistant', 'Days', 'DayPagesController')]:
            sys.exit(f'check-feature-folders self-test: expected the Assistant borrowing DayPagesController, found {borrowed}')
    print('check-feature-folders self-test: caught a cycle and a borrowed controller, passed the layers')


if __name__ == '__main__':
    if sys.argv[1:] == ['--self-test']:
        self_test()
        sys.exit(0)
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
    root = 'Sources/FoodDiary'
    found, edges = report(root)
    misplaced = misplaced_templates(root, os.path.join(root, 'PageTemplate.swift'), 'Templates')
    for problem in misplaced:
        print(f'Templates grouped like the features: {problem}', file=sys.stderr)
    if found or misplaced:
        sys.exit(1)
    folders = len([f for f in os.listdir(root) if os.path.isdir(os.path.join(root, f))])
    print(f'check-feature-folders: {folders} feature folders, {edges} uses among them, no cycle')
