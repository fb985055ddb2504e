import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryTools
import Foundation
import Testing
@testable import FoodDiary

/// No amount a tap adds unasked is one a dietitian would cross out: powders, mixes and
/// concentrates take a spoon, a scoop or what makes one serving; no one tap adds more than three
/// servings of its kind or the energy three of them hold, nor more than 900 kcal (issue 75).
@Suite struct OneTapPlausibilityTests {
    static func usual(_ description: String, _ group: String? = nil, _ portions: [Portion] = [], label: Bool = false) -> UsualAmount {
        UsualAmount(description: description, group: group, portions: portions, unit: .grams, labelServing: label)
    }

    @Test(arguments: [
        ("Beverages, coffee, instant, regular, powder", ProductForm.dry), ("Coffee, instant, not reconstituted", .dry),
        ("Beverages, Cappuccino mix, powder", .dry), ("Soup, onion, dry, mix", .dry), ("Gelatins, dry powder, unsweetened", .dry),
        ("HOT COCOA MIX", .dry), ("Orange juice, frozen concentrate, unsweetened, undiluted", .concentrate),
        ("Milk, canned, condensed, sweetened", .concentrate)
    ])
    func aNameSaysWhenAFoodIsSoldAsWhatMakesIt(description: String, form: ProductForm) {
        #expect(ProductForm.of(description) == form)
    }

    @Test(arguments: [
        "Coffee, instant, reconstituted", "Orange juice, chilled, includes from concentrate", "Pudding, chocolate, made from dry mix",
        "Snack mix", "Trail mix with nuts", "Margarita mix, nonalcoholic", "Soup, beef broth or bouillon, powder, prepared with water",
        "Sugars, granulated", "Coffee, brewed from grounds"
    ])
    func aFoodAsItIsHadIsNoProductForm(description: String) {
        #expect(ProductForm.of(description) == nil)
    }

    @Test func instantCoffeeIsATeaspoonNotACup() {
        // SR28 weighs a rounded teaspoon of it; the cup of powder was 847 kcal in one tap.
        let usual = Self.usual(
            "Beverages, coffee, instant, regular, powder", "Beverages",
            [Portion(key: "p1", label: "1 tsp rounded", grams: 1.8), Portion(key: "p2", label: "1 cup", grams: 240)])
        #expect(usual.amount.grams < 3, "\(usual.amount.label)")
        #expect(Self.usual("Coffee, instant, not reconstituted").amount.grams == 2)
        #expect(Self.usual("Coffee, instant, reconstituted").amount.grams == 240, "the prepared drink is a cup")
    }

    @Test func aPowderTakesWhatMakesOneServingWhereUSDAWeighsIt() {
        let pudding = [
            Portion(key: "p1", label: "1 package (3.5 oz)", grams: 99),
            Portion(key: "p2", label: "1 portion, amount to make 1/2 cup", grams: 25)
        ]
        #expect(Self.usual("Puddings, chocolate, dry mix, instant", nil, pudding).amount.grams == 25)
        let gelatin = [Portion(key: "p1", label: "1 envelope (1 tbsp)", grams: 7), Portion(key: "p2", label: "1 package (1 oz)", grams: 28)]
        #expect(Self.usual("Gelatins, dry powder, unsweetened", nil, gelatin).amount.grams == 7)
        // A kind with no dry serving of its own: a tablespoon, by the food's own spoon.
        #expect(
            Self.usual(
                "Cocoa, dry powder, unsweetened", nil,
                [Portion(key: "p1", label: "1 cup", grams: 86), Portion(key: "p2", label: "1 tbsp", grams: 5.4)]
            )
            .amount.grams == 5.4)
        #expect(Self.usual("Leavening agents, baking powder, double-acting").amount.grams == 1)
        #expect(Self.usual("Milk, dry, nonfat, instant").amount.grams == 23)
        #expect(Self.usual("Milk, dry, reconstituted, nonfat").amount.grams == 244, "made into milk, it is a glass")
        #expect(Self.usual("Orange juice, frozen concentrate, unsweetened, undiluted", "Fruits and Fruit Juices").amount.grams == 30)
    }

    @Test func aMixsLabelServingIsWhatMakesOneEvenWhenItIsSmallForItsKind() {
        let label = [Portion(key: "p1", label: "3 tbsp", grams: 14)]
        #expect(Self.usual("INSTANT CAPPUCCINO MIX", "Coffee", label, label: true).amount.grams == 14)
        // A drink's own label serving far below a cup is not its serving.
        #expect(Self.usual("COLD BREW COFFEE", "Coffee", label, label: true).amount.grams == 240)
    }

    @Test func oneTapNeverAddsMoreEnergyThanThreeServingsOfItsKindHold() {
        // Coffee's densest food as had is a frozen coffee drink, 83 kcal per 100 g: three cups of it hold 598 kcal.
        let coffee = Self.usual("Coffee, brewed")
        #expect(coffee.mostKilocalories < 600 && coffee.mostKilocalories > 590)
        #expect(
            coffee.check(ChosenAmount(grams: 240, label: "1 cup"), kcalPer100g: 353)?.contains("three usual servings of its kind") == true)
        #expect(coffee.check(ChosenAmount(grams: 240, label: "1 cup"), kcalPer100g: 80) == nil)
        // No kind known: 900 kcal at most.
        let unknown = Self.usual("Kiwano")
        #expect(unknown.check(ChosenAmount(grams: 300, label: "300 g"), kcalPer100g: 310) != nil)
        #expect(unknown.check(ChosenAmount(grams: 300, label: "300 g"), kcalPer100g: 290) == nil)
    }

    /// ＋'s rows in order, as "name | detail".
    static func rows(_ page: String) -> [String] {
        page.matches(of: /food-result-name">([^<]*)<\/span><span class="meal-row-meta">([^<]*)</).map { "\($0.1) | \($0.2)" }
            .map { $0.replacingOccurrences(of: "&amp;", with: "&") }
    }

    @Test func aDrinkWithWhatGoesInItLeadsWithBothAsASentenceReadsThem() async throws {
        try await TextLogTests.withApp { client, database in
            let coffee = try await client.get("/log?q=coffee+with+milk").text
            #expect(coffee.contains(">Coffee with milk</h2>"))
            let rows = Self.rows(coffee)
            #expect(
                rows.prefix(2) == [
                    "Beverages, coffee, brewed, prepared with tap water | 1 cup (237 g) · 2 kcal",
                    "Milk, whole, 3.25% milkfat, with added vitamin D | 30 g, with it · 18 kcal"
                ], "\(rows.prefix(3))")
            #expect(
                rows.dropFirst(2).allSatisfy { !$0.hasPrefix("Beverages, coffee, brewed, prepared with tap water |") }, "each food once")
            #expect(
                Self.rows(try await client.get("/log?q=tea+with+lemon").text).prefix(2)
                    == [
                        "Beverages, tea, black, brewed, prepared with tap water | 1 cup (237 g) · 2 kcal",
                        "Lemons, raw, without peel | 5 g, with it · 1 kcal"
                    ])
            // Milk on cereal is half a cup, as a cereal's label counts it, not a splash.
            let cereal = Self.rows(try await client.get("/log?q=cereal+w%2F+milk").text)
            #expect(
                cereal.first?.hasPrefix("Cereal, ready-to-eat, NFS | 1 cup (35 g)") == true
                    && cereal.dropFirst().first?.contains("122 g, with it") == true, "\(cereal.prefix(2))")
            // A coffee made fresh comes before the bottled one, the dairy one before the non-dairy.
            let latte = Self.rows(try await client.get("/log?q=latte").text)
            #expect(latte.first?.hasPrefix("Coffee, Latte |") == true)
            let kept = latte.firstIndex { $0.contains("non-dairy") || $0.contains("ready to drink") || $0.contains("bottled") }
            #expect(kept.map { $0 >= 10 } ?? true, "\(latte)")
            // The splash is what its "+" adds, the grams riding with it (last: milk then has an amount last had).
            let milk = try #require(
                coffee.firstMatch(of: /name="source" value="(catalog:\d+)">\s*<input type="hidden" name="grams" value="30">/)?.1)
            let added = try await client.postForm(
                "/log", [("source", String(milk)), ("grams", "30"), ("said", "1"), ("q", "coffee with milk")])
            #expect(added.status == .seeOther)
            #expect(
                added.headers[.location]?.hasSuffix("&q=coffee%20with%20milk") == true,
                "back to the same words, for the coffee: \(added.headers[.location] ?? "")")
            let meal = try await LogLoopTests.onlyMeal(database)
            #expect(try await SnapAndItemiseTests.entries(database, meal.id).map(\.grams) == [30])
        }
    }

    /// Every row ＋ offers for every everyday name, on the whole catalog: none adds in one tap more
    /// than 900 kcal, three servings of its kind, or a cup of a powder.
    @Test func noEverydaySearchOffersAOneTapADietitianWouldCrossOut() async throws {
        let names = try OneTapPlausibility.everydayNames(
            fixtures: TestEnvironment.packageRoot.appendingPathComponent("Tests/FoodDiaryTests/Fixtures").path)
        let figures = try await OneTapPlausibility.run(names, catalog: try await RealSR28.wholeCatalog.value)
        #expect(figures.searches > 900)
        #expect(figures.oneTap.count > figures.rows.count / 2, "most rows still add in one tap")
        #expect(figures.overCeiling.map(\.line) == [])
        #expect(figures.overServings.map(\.line) == [])
        #expect(figures.dryByTheCup.map(\.line) == [])
    }
}
