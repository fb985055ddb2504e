import FoodDiaryBase
import Foundation
import Testing
@testable import FoodDiary
import FoodDiaryWeb

/// Templates read view models through generated switches, not reflection; a key no view model
/// answers would render blank, so it fails here instead.
@Suite struct TemplateKeysTests {
    @Test func everyKeyInEveryTemplateIsAnsweredByAViewModel() throws {
        let library = try TemplateLibrary(directory: TestEnvironment.packageRoot.appendingPathComponent("Templates").path)
        #expect(library.templates.count >= 40)
        var unknown: [String] = []
        for (name, template) in library.templates {
            for key in Self.keys(in: template) where !TemplateKeys.all.contains(key) {
                unknown.append("\(name): \(key)")
            }
        }
        #expect(unknown.isEmpty, "keys no view model answers: \(unknown.sorted())")
    }

    /// `Sources/FoodDiary/Partials/` mirrors `Templates/partials/`: `MealFoods.swift` holds the
    /// views of `meal_foods.mustache`, wherever the pages that include it live.
    @Test func everyPartialViewFileIsNamedForItsPartial() throws {
        let root = TestEnvironment.packageRoot
        let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/FoodDiary/Partials").path)
        #expect(files.count >= 20)
        let partials = Set(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Templates/partials").path))
        let unmatched = files.filter { file in
            let name = file.replacingOccurrences(of: ".swift", with: "")
            let snake = name.enumerated().map { index, character in
                index > 0 && character.isUppercase ? "_" + character.lowercased() : character.lowercased()
            }.joined()
            return !partials.contains(snake + ".mustache")
        }
        #expect(unmatched.isEmpty, "files in Partials/ with no partial of their name: \(unmatched.sorted())")
    }

    @Test func aViewModelAnswersItsKeysByName() {
        let strip = StatusStripView(totals: NutrientValues(), goals: DailyGoals([:]), notItemised: 0)
        guard case .text(let kcal) = strip.value(forKey: "kcalText") else {
            Issue.record("kcalText is not text")
            return
        }
        #expect(kcal == strip.kcalText)
        guard case .absent = strip.value(forKey: "goalText") else {
            Issue.record("a nil optional is no value, so the renderer looks further up the stack")
            return
        }
        guard case .absent = strip.value(forKey: "noSuchKey") else {
            Issue.record("an unknown key has no value")
            return
        }
    }

    /// The first name of every key the template looks up (`meal` for `{{meal.url}}`).
    static func keys(in template: Template) -> [String] {
        template.nodes.flatMap { node -> [String] in
            switch node {
            case .variable(let key, _): Array(key.path.prefix(1))
            // `{{#t}}` is a translation, which the renderer replaces before any view is asked.
            case .section(let key, let inner, _): (key.path == ["t"] ? [] : Array(key.path.prefix(1))) + keys(in: inner)
            case .partial(_, _, let overrides): (overrides ?? [:]).values.flatMap(keys)
            case .block(_, let inner, _), .blockOverride(_, let inner): keys(in: inner)
            case .text: []
            }
        }
    }
}
