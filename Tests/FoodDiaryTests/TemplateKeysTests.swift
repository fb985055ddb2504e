import Foundation
import Testing
@testable import FoodDiary

/// Templates read view models through generated switches, not reflection; a key no view model
/// answers would render blank, so it fails here instead.
@Suite struct TemplateKeysTests {
    @Test func everyKeyInEveryTemplateIsAnsweredByAViewModel() throws {
        let templates = TestEnvironment.packageRoot.appendingPathComponent("Templates")
        var unknown: [String] = []
        let files = FileManager.default.enumerator(atPath: templates.path)?.compactMap { $0 as? String } ?? []
        #expect(files.filter { $0.hasSuffix(".mustache") }.count >= 40)
        for file in files where file.hasSuffix(".mustache") {
            let text = try String(contentsOfFile: templates.appendingPathComponent(file).path, encoding: .utf8)
            // {{name}}, {{{name}}}, {{&name}}, {{#name}}, {{^name}}; not closing tags, partials, layouts, blocks or comments.
            for match in text.matches(of: /\{\{\{?\s*([#^&]?)\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}?\}\}/) {
                let name = String(match.2.split(separator: ".").first ?? "")
                if !TemplateKeys.all.contains(name) { unknown.append("\(file): \(match.2)") }
            }
        }
        #expect(unknown.isEmpty, "keys no view model answers: \(unknown)")
    }

    @Test func aViewModelAnswersItsKeysAsMirrorWould() {
        let strip = StatusStripView(totals: NutrientValues(), goals: DailyGoals([:]))
        #expect(PageRenderer.typeNeedingReflection(in: strip) == nil)
        #expect(strip.child(named: "kcalText") as? String == strip.kcalText)
        #expect(strip.child(named: "goalText") == nil, "a nil optional is no value, so Mustache looks further up")
        #expect(strip.child(named: "noSuchKey") == nil)
    }
}
