@testable import FoodDiaryCatalog
import Foundation
import Testing
@testable import FoodDiary

/// The search API writes its JSON by hand for speed: it must be byte for byte what `JSONEncoder`
/// writes for the same answer, whatever a food's name holds.
@Suite struct SearchJSONTests {
    static let names = [
        "Bananas, raw", #"Crème "brûlée" \ 1/2"#, "tab\there\nnew line\r\u{8}\u{C}", "\u{1}\u{1F}\u{7F}", "🍌 smoothie", "", "A&B <b>"
    ]
    static let energies: [Double?] = [89, 52.3, 0.1, 1e-7, 1e21, 123_456_789.125, -0.0, nil]

    @Test(arguments: [nil, "banana", #"say "hi"/bye"#])
    func handWrittenSearchJSONIsWhatTheEncoderWrites(correctedQuery: String?) throws {
        var foods: [FoodSummary] = []
        for (index, name) in Self.names.enumerated() {
            for energy in Self.energies {
                var food = FoodSummary(
                    id: Int64(index * 100 + foods.count), ndbNumber: index.isMultiple(of: 2) ? "0904\(index)" : nil,
                    dataType: index.isMultiple(of: 3) ? .branded : .srLegacy, description: name, foodGroup: name.uppercased(),
                    brandOwner: index.isMultiple(of: 2) ? nil : name, energyKcalPer100g: energy)
                if index == 1 { food.measureUnit = .millilitres }
                foods.append(food)
            }
        }
        for answer in [
            SearchJSON(totalHits: 1_071, totalHitsIsFloor: true, correctedQuery: correctedQuery, foods: foods),
            SearchJSON(totalHits: 0, totalHitsIsFloor: false, correctedQuery: correctedQuery, foods: [])
        ] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let expected = try encoder.encode(answer)
            #expect(String(decoding: answer.text.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        }
    }
}
