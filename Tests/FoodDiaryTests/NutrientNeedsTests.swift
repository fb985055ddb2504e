import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB
import Testing
@testable import FoodDiary

/// Every nutrient against what a person needs: the reference tables, a day and a week read
/// against them, the person's life stage and own bounds.
@Suite struct NutrientNeedsTests {
    /// Figures as the published tables print them (NASEM DRI summary tables, the 2019 sodium and
    /// potassium report, 21 CFR 101.9), checked one by one against the repository's table.
    @Test(
        arguments: [
            (NutrientKind.ironMg, "RDA", LifeStage.female19, 18.0), (.ironMg, "RDA", .male19, 8), (.ironMg, "RDA", .pregnant31, 27),
            (.ironMg, "RDA", .female51, 8), (.ironMg, "UL", .male51, 45), (.calciumMg, "RDA", .female51, 1200),
            (.calciumMg, "RDA", .male51, 1000),
            (.calciumMg, "UL", .male19, 2500), (.vitaminDUg, "RDA", .male71, 20), (.vitaminDUg, "UL", .female31, 100),
            (.folateUg, "RDA", .pregnant19, 600), (.potassiumMg, "AI", .male19, 3400), (.potassiumMg, "AI", .female31, 2600),
            (.sodiumMg, "CDRR", .female19, 2300), (.vitaminCMg, "RDA", .male31, 90), (.vitaminCMg, "RDA", .female31, 75),
            (.zincMg, "UL", .male31, 40), (.magnesiumMg, "RDA", .male31, 420), (.vitaminB12Ug, "RDA", .lactating31, 2.8),
            (.fiberG, "AI", .male51, 30), (.proteinG, "RDA", .female31, 46), (.vitaminAUg, "RDA", .lactating19, 1300),
            (.vitaminKUg, "AI", .female19, 90), (.cholineMg, "AI", .female31, 425), (.seleniumUg, "UL", .male19, 400)
        ] as [(NutrientKind, String, LifeStage, Double)])
    func theReferenceIntakesAreThePublishedOnes(kind: NutrientKind, measure: String, stage: LifeStage, value: Double) {
        #expect(ReferenceIntakes.published(kind, measure, stage) == value)
    }

    @Test func theDailyValuesAreTheLabelRulesOnesAndTheirDirections() {
        let published: [NutrientKind: Double] = [
            .vitaminDUg: 20, .potassiumMg: 4700, .ironMg: 18, .fiberG: 28, .saturatedFatG: 20, .cholineMg: 550,
            .sodiumMg: 2300, .calciumMg: 1300, .vitaminCMg: 90, .folateUg: 400, .fatG: 78, .carbohydrateG: 275
        ]
        for (kind, value) in published { #expect(ReferenceIntakes.published(kind, "DV", nil) == value, "\(kind)") }
        let dailyValues = ReferenceIntakes.references(for: nil)
        #expect(
            dailyValues[.sodiumMg]?.direction == .atMost && dailyValues[.ironMg]?.direction == .atLeast
                && dailyValues[.fatG]?.direction == .about)
        #expect(dailyValues[.ironMg]?.upperLimit == 45, "an adult's upper limit stands beside the Daily Values")
        #expect(dailyValues[.sugarsG] == nil && dailyValues[.energyKcal] == nil, "no Daily Value for total sugars; energy has its own goal")
        let woman = ReferenceIntakes.references(for: .female31)
        #expect(woman[.ironMg]?.amount == 18 && woman[.ironMg]?.measure == "RDA")
        #expect(woman[.potassiumMg]?.measure == "AI" && woman[.sodiumMg]?.measure == "CDRR" && woman[.sodiumMg]?.direction == .atMost)
        #expect(woman[.saturatedFatG]?.measure == "DV", "what the DRIs give no figure for keeps its Daily Value")
        for kind in [NutrientKind.magnesiumMg, .niacinMg, .folateUg, .vitaminEMg, .vitaminAUg] {
            #expect(woman[kind]?.upperLimit == nil, "\(kind)'s upper level concerns supplements, not what foods hold")
        }
    }

    @Test(.enabled(if: RealSR28.isPresent, "USDA SR28 not fetched: run scripts/fetch-data.sh"))
    func aLoggedCatalogFoodKeepsItsVitaminsAndMinerals() async throws {
        try await TextLogTests.withApp { client, database in
            let meal = try await SnapAndItemiseTests.meal(database, "2026-03-09T12:30")
            #expect(
                try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:11090"), ("amount", "g250")]).status == .seeOther)
            let entry = try #require(try await SnapAndItemiseTests.entries(database, meal).first)
            for kind in [NutrientKind.vitaminCMg, .ironMg, .calciumMg, .vitaminKUg, .folateUg] {
                let basis = try #require(entry.food.basis[kind], "broccoli's \(kind) is in the snapshot")
                #expect(entry.nutrients[kind] == basis * 250 / 100)
            }
            let page = try await client.get("/days/2026-03-09/nutrients").text
            #expect(page.contains("Vitamin C") && page.contains("% of 90 mg DV") && page.contains("Broccoli, raw"))
        }
    }

    @Test func aDayShowsEachNeedItsShareWhatRanLowWhatWentOverAndWhereItCameFrom() async throws {
        try await TestEnvironment.withApp { client, database in
            let lentils = Self.food("Lentil dal", [.ironMg: 3.3, .potassiumMg: 370, .fiberG: 8, .sodiumMg: 240, .vitaminCMg: 1.5])
            let liver = Self.food("Liver pâté & toast", [.ironMg: 6, .vitaminAUg: 8000, .sodiumMg: 700, .fiberG: 1])
            let mystery = Self.food("Granny’s <b>soup</b>", [:])
            try await SnapAndItemiseTests.meal(database, "2026-03-09T12:30", foods: [(lentils, 400), (mystery, 300)])
            try await SnapAndItemiseTests.meal(database, "2026-03-09T19:00", foods: [(liver, 200)])

            let response = try await client.get("/days/2026-03-09/nutrients")
            #expect(response.status == .ok)
            let page = response.text
            // Iron: 13.2 + 12 = 25.2 mg against the 18 mg Daily Value.
            #expect(page.contains("25.2 mg") && page.contains("140 % of 18 mg DV"))
            // Potassium 1,480 mg of 4,700: low; fibre 34 g of 28: met.
            #expect(page.contains("1,480 mg") && page.contains("31 % of 4,700 mg DV") && page.contains("121 % of 28 g DV"))
            #expect(page.contains("Low today: vitamin C and potassium."), "what ran short is named, in the page's order")
            // Sodium 960 + 1,400 = 2,360 mg: over the 2,300 mg limit. Vitamin A 16,000 µg: 5× the upper level, but that
            // level is for preformed vitamin A, so no warning.
            #expect(page.contains("Over the limit of 2,300 mg"))
            #expect(!page.contains("Above the upper limit of 3,000"), "no warning on a supplements-only upper level")
            #expect(
                page.contains("1 of 3 foods do not say") && page.contains("2 of 3 foods do not say"),
                "a food with no figures makes a lower bound")
            #expect(
                page.contains("Where it came from") && page.contains("Liver pâté &amp; toast") && page.contains("52 %"),
                "iron's sources: 13.2 of 25.2 mg from the dal, 12 from the pâté")
            #expect(!page.contains("<b>soup</b>"))

            let json =
                try JSONSerialization.jsonObject(with: Data(try await client.get("/api/days/2026-03-09/nutrients").text.utf8))
                as? [String: Any]
            let lines = try #require(json?["nutrients"] as? [[String: Any]])
            let iron = try #require(lines.first { $0["nutrient"] as? String == "ironMg" })
            #expect(
                iron["unit"] as? String == "mg" && iron["minimum"] as? Double == 18 && iron["upperLimit"] as? Double == 45
                    && iron["source"] as? String == "DV")
            #expect(
                abs((iron["amount"] as? Double ?? 0) - 25.2) < 1e-9 && iron["status"] as? String == "met"
                    && iron["foodsNotSaying"] as? Int == 1)
            #expect(
                json?["low"] as? [String] == ["vitaminCMg", "potassiumMg"] && json?["countedDays"] as? Int == 1,
                "the API says what ran low, in units it names")

            // 16 servings of pâté take iron over its upper level.
            try await SnapAndItemiseTests.meal(database, "2026-03-10T19:00", foods: [(liver, 800)])
            #expect(try await client.get("/days/2026-03-10/nutrients").text.contains("Above the upper limit of 45 mg"))

            #expect(try await client.get("/days/2026-03-08/nutrients").text.contains("Nothing logged on this day yet."))
            #expect(try await client.get("/days/2026-03-09/nutrients?days=3").status == .badRequest)
            #expect(try await client.get("/days/2026-13-09/nutrients").status == .notFound)
            #expect(try await client.get("/days/2026-03-09").text.contains("href=\"/days/2026-03-09/nutrients\""), "one tap from the day")
        }
    }

    @Test func aWeekIsTheMeanOfItsWholeDaysAndNamesWhatRanLow() async throws {
        try await TestEnvironment.withApp { client, database in
            let potato = Self.food("Baked potato", [.potassiumMg: 535, .fiberG: 2.2, .vitaminCMg: 9.6])
            // Three whole days: 400, 600 and 800 g of potato. A fourth with a photo still to itemise is left out.
            for (day, grams) in [("03", 400.0), ("05", 600), ("07", 800)] {
                try await SnapAndItemiseTests.meal(database, "2026-03-\(day)T12:00", foods: [(potato, grams)])
            }
            try await SnapAndItemiseTests.meal(database, "2026-03-08T12:00", foods: [(potato, 5000)])
            try await SnapAndItemiseTests.meal(database, "2026-03-08T19:00")
            let page = try await client.get("/days/2026-03-09/nutrients?days=7").text
            // Mean of 2,140, 3,210 and 4,280 mg: 3,210 mg a day.
            #expect(page.contains("3,210 mg") && page.contains("68 % of 4,700 mg DV"))
            #expect(page.contains("The mean of 3 whole days; 4 without foods or with meals still to itemise left out."))
            #expect(page.contains("Low this week:") && page.contains("potassium") && page.contains("fibre"))
            #expect(page.contains("aria-current=\"page\">7 days"))
        }
    }

    @Test func aLifeStageAndOwnBoundsChangeWhatADayIsReadAgainst() async throws {
        try await TestEnvironment.withApp { client, database in
            let spinach = Self.food("Spinach", [.ironMg: 2.7, .fiberG: 2.2])
            try await SnapAndItemiseTests.meal(database, "2026-03-09T12:30", foods: [(spinach, 400)])
            #expect(try await client.get("/settings/nutrients").text.contains("FDA Daily Values (food labels)"))

            let saved = try await client.postForm(
                "/settings/nutrients", [("life_stage", "male19"), ("min_fiber_g", "35"), ("max_fiber_g", "60")])
            #expect(saved.status == .seeOther)
            #expect(
                try await database.read { db in try NutrientQueries.settings(db) }
                    == NutrientSettings(lifeStage: .male19, goals: [.fiberG: NutrientGoal(minimum: 35, maximum: 60)]))
            let page = try await client.get("/days/2026-03-09/nutrients").text
            #expect(page.contains("the Dietary Reference Intakes for male, 19–30"))
            #expect(page.contains("135 % of 8 mg RDA"), "10.8 mg of iron against a young man's 8 mg")
            #expect(page.contains("25 % of 35 g your goal"), "8.8 g of fibre against the person's own minimum")

            for (fields, message) in [
                ([("min_iron_mg", "lots")], "as a plain number"),
                ([("min_fiber_g", "40"), ("max_fiber_g", "30")], "the minimum is more than the maximum"),
                ([("life_stage", "elf")], "Pick a life stage"), ([("max_sodium_mg", "-5")], "from 0.01")
            ] {
                let refused = try await client.postForm("/settings/nutrients", fields)
                #expect(refused.status == .unprocessableContent && refused.text.contains(message), "\(fields)")
            }
            #expect(try await database.read { db in try NutrientQueries.settings(db) }.lifeStage == .male19, "nothing refused was kept")

            #expect(try await client.postForm("/settings/nutrients", [("life_stage", "")]).status == .seeOther)
            #expect(
                try await database.read { db in try NutrientQueries.settings(db) } == NutrientSettings(), "empty fields clear every bound")
        }
    }

    static func food(_ name: String, _ per100g: [NutrientKind: Double]) -> FoodSnapshot {
        var basis = NutrientValues(per100g)
        basis[.energyKcal] = 100
        return FoodSnapshot(
            dataType: .handTyped, catalogFoodID: nil, ndbNumber: nil, description: name, brandOwner: nil, basisGrams: 100, basis: basis)
    }
}
