import FoodDiaryBase
import Foundation
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryStorage

/// What a food's customary serving is, kind by kind (`CustomaryServings.tsv`); what one tap, a
/// line and a sentence add by it; and the check before an amount nobody typed is saved.
@Suite struct CustomaryAmountTests {
    static let butterPortions = [
        Portion(key: "p1", label: "1 pat (1\" sq, 1/3\" high)", grams: 5), Portion(key: "p2", label: "1 tbsp", grams: 14.2),
        Portion(key: "p3", label: "1 cup", grams: 227)
    ]

    static func usual(
        _ description: String, _ group: String?, _ portions: [Portion] = [], unit: MeasureUnit = .grams,
        label: Bool = false
    ) -> ChosenAmount {
        UsualAmount(description: description, group: group, portions: portions, unit: unit, labelServing: label).amount
    }

    @Test(arguments: [
        // A name's last words say what it is: a dressing with bacon in it is a dressing.
        ("Butter, NFS", "butter"), ("Peanut butter", "peanut butter"), ("Bacon and tomato dressing", "dressing"),
        // SR28 names the general first: the later part names the food.
        ("Pork, cured, bacon, cooked, pan-fried", "bacon"), ("Cheese, cream", "cream cheese"),
        ("Cheese, ricotta, whole milk", "cottage cheese"),
        ("Cheese, mozzarella, whole milk", "cheese"), ("Plums, dried (prunes), uncooked", "dried fruit"),
        ("Fish, sardine, Atlantic, canned in oil", "tuna"),
        ("Cereals, oats, regular and quick, cooked with water, without salt", "oatmeal"),
        ("Cookies, oatmeal, commercially prepared", "cookie"),
        ("Alcoholic beverage, wine, table, red", "wine"), ("Potatoes, frozen, french fried, par fried", "fries"),
        ("Soymilk, chocolate", "plant milk"),
        ("Lentils, mature seeds, cooked, boiled, without salt", "beans"), ("Pudding, chocolate, NFS", "pudding"),
        ("Ice cream, vanilla", "ice cream")
    ])
    func aFoodIsOfTheKindItsNameSays(description: String, kind: String) {
        #expect(CustomaryServing.of(description: description, group: nil)?.kind == kind)
    }

    @Test func aNameTheTableDoesNotKnowFallsBackToItsCategoryOrGroup() {
        #expect(CustomaryServing.of(description: "Coffee and chicory, brewed", group: "Coffee")?.kind == "coffee")
        #expect(CustomaryServing.of(description: "Kiwano", group: "Fruits and Fruit Juices")?.kind == "fruit")
        #expect(CustomaryServing.of(description: "Kiwano", group: "Something else") == nil)
    }

    @Test func butterIsATablespoonWeighedByItsOwnPortionElseTheTable() {
        #expect(
            Self.usual("Butter, salted", "Dairy and Egg Products", Self.butterPortions)
                == ChosenAmount(grams: 14.2, label: "1 tbsp (14.2 g)"))
        #expect(Self.usual("Butter, NFS", "Butter and animal fats") == ChosenAmount(grams: 14, label: "1 tbsp (14 g)"))
    }

    @Test func theFoodsOfTheIssueGetAServingNotAPackage() {
        // Raw bacon's "1 package" (442 g) and a 56 g raw slice are not what "bacon" means.
        let rawBacon = [Portion(key: "p1", label: "1 slice raw", grams: 28), Portion(key: "p2", label: "1 package", grams: 442)]
        #expect(
            Self.usual("Pork, cured, bacon, unprepared", "Pork Products", rawBacon) == ChosenAmount(grams: 20, label: "2 slices (20 g)"))
        let pizza = [Portion(key: "p1", label: "1 pizza", grams: 727), Portion(key: "p2", label: "1 slice", grams: 107)]
        #expect(Self.usual("Pizza, cheese topping, regular crust, frozen, cooked", "Fast Foods", pizza).grams == 107)
        let salmon = [Portion(key: "p1", label: "1 can", grams: 417), Portion(key: "p2", label: "3 oz", grams: 85)]
        #expect(Self.usual("Salmon, sockeye, canned, total can contents", "Finfish and Shellfish Products", salmon).grams == 85)
        let almonds = [
            Portion(key: "p1", label: "1 cup, whole", grams: 143), Portion(key: "p2", label: "1 oz (23 whole kernels)", grams: 28.35)
        ]
        #expect(
            Self.usual("Nuts, almonds", "Nut and Seed Products", almonds)
                == ChosenAmount(grams: 28.35, label: "1 oz (23 whole kernels) (28.35 g)"))
        let strawberries = [
            Portion(key: "p1", label: "1 medium (1-1/4\" dia)", grams: 12), Portion(key: "p2", label: "1 cup, halves", grams: 152)
        ]
        #expect(Self.usual("Strawberries, raw", "Fruits and Fruit Juices", strawberries).grams == 152)
        #expect(abs(Self.usual("Beer", "Beer", unit: .millilitres).grams - 354.9) < 0.1, "a 12 fl oz can")
        #expect(Self.usual("Olive oil", "Salad dressings and vegetable oils").grams == 14)
        #expect(
            Self.usual("Rice, white, long-grain, regular, raw, enriched", "Cereal Grains and Pasta")
                == ChosenAmount(grams: 45, label: "0.25 cup (45 g)"),
            "rice named raw is a dry serving, not a cup of dry rice")
    }

    @Test func aLabelServingStaysWhileItIsAServing() {
        let label = [Portion(key: "p1", label: "2 Tbsp", grams: 32)]
        #expect(Self.usual("PEANUT BUTTER", "Nut & Seed Butters", label, label: true).grams == 32)
        let package = [Portion(key: "p1", label: "1 PACKAGE", grams: 454)]
        #expect(Self.usual("BACON", "Bacon", package, label: true).grams == 20, "a whole package is no serving")
    }

    @Test func noKindsServingAddsMoreThanThreeOfItselfOrWantsChecking() {
        // Every kind, with no portions and with a portion of its own measure's name, stays within its own check.
        for kind in [
            "Butter, NFS", "Bacon", "Beer", "Pizza", "Salmon", "Almonds", "Wine", "Coffee", "Rice, cooked", "Bread, white", "Egg, whole"
        ] {
            let usual = UsualAmount(description: kind, group: nil, portions: [], unit: .grams)
            #expect(usual.amount.grams * 3 == usual.mostGrams, "\(kind)")
            #expect(
                AmountCheck.reason(
                    grams: usual.amount.grams, mostGrams: usual.mostGrams, mostKilocalories: usual.mostKilocalories, kcalPer100g: 100)
                    == nil, "\(kind)")
        }
        #expect(
            AmountCheck.reason(grams: 100, mostGrams: 42, mostKilocalories: 900, kcalPer100g: 717) != nil,
            "100 g of butter is more than three tablespoons")
        #expect(AmountCheck.reason(grams: 310, mostGrams: 2000, mostKilocalories: 900, kcalPer100g: 300)?.contains("900 kcal") == true)
        #expect(AmountCheck.reason(grams: 290, mostGrams: 2000, mostKilocalories: 900, kcalPer100g: 300) == nil)
    }

    @Test func linesUseTheKindsWordsForAmounts() {
        func grams(_ text: String, _ description: String, _ group: String? = nil, portions: [Portion] = [], unit: MeasureUnit = .grams)
            -> Double
        {
            IngredientAmount.of(
                IngredientLine(text), portions: portions, unit: unit,
                customary: IngredientAmount.Customary(description: description, group: group)
            ).grams
        }
        #expect(grams("2 strips of bacon", "Pork bacon, smoked or cured, cooked", "Bacon") == 20)
        #expect(grams("a glass of wine", "Wine, table, red", "Wine") == 148)
        #expect(grams("a shot of vodka", "Vodka", "Liquor and cocktails") == 44)
        #expect(abs(grams("a pint of beer", "Beer", "Beer") - 473.3) < 0.2, "a pint is a volume: two cups")
        #expect(grams("butter", "Butter, NFS") == 14, "no amount said: a usual serving")
        #expect(
            abs(grams("1 cup cooked white rice", "Rice, white, cooked, NS as to fat", "Rice") - 160) < 0.01,
            "a cup of rice weighs as rice, not water")
        #expect(
            abs(grams("1 (15 oz) can chickpeas, drained", "Chickpeas, NFS", "Beans, peas, legumes") - 255.15) < 0.01, "the drained weight")
        #expect(abs(grams("1 (15 oz) can chickpeas", "Chickpeas, NFS", "Beans, peas, legumes") - 425.24) < 0.01, "undrained, the can")
        #expect(grams("a knob of butter", "Butter, NFS") == 10)
    }

    @Test func aFormOpensOnTheUsualServingAsOneOfTheFoodsMeasuresOrAsOneMore() {
        let butter = UsualAmount(
            description: "Butter, salted", group: "Dairy and Egg Products", portions: Self.butterPortions, unit: .grams)
        #expect(butter.formChoice(among: Self.butterPortions) == "p2" && butter.extraMeasure(among: Self.butterPortions) == nil)
        let plain = UsualAmount(description: "Butter, NFS", group: "Butter and animal fats", portions: [], unit: .grams)
        #expect(plain.extraMeasure(among: []) == Portion(key: UsualAmount.measureKey, label: "1 tbsp", grams: 14))
        #expect(plain.formChoice(among: []) == UsualAmount.measureKey)
        let almonds = [Portion(key: "p1", label: "1 cup, whole", grams: 143)]
        let nuts = UsualAmount(description: "Nuts, almonds", group: "Nut and Seed Products", portions: almonds, unit: .grams)
        #expect(
            nuts.amount.label == "1 oz (28.35 g)" && abs(nuts.amount.grams - 28.35) < 0.01,
            "a weight serving says the measure and its grams")
        #expect(nuts.extraMeasure(among: almonds)?.label == "1 oz")
        // A food the table does not know opens on its everyday measure, else on a preset weight.
        let unknown = UsualAmount(description: "Kiwano", group: nil, portions: [], unit: .grams)
        #expect(!unknown.isCustomary && unknown.formChoice(among: []) == nil && unknown.extraMeasure(among: []) == nil)
    }

    @Test func oneTapOnPlusAddsATablespoonOfButterAndAnAmountToCheckOpensTheFoodInstead() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let butter = try await client.get("/log?q=butter").text
            #expect(butter.contains("1 tbsp (14.2 g) · 102 kcal"), "a tablespoon, not 100 g (717 kcal)")
            let added = try await client.postForm("/log", [("source", "catalog:1001")])
            #expect(added.status == .seeOther)
            let meal = try await LogLoopTests.onlyMeal(database)
            #expect(try await SnapAndItemiseTests.entries(database, meal.id).map(\.grams) == [14.2])

            // Logged once as 500 g from the food's page, "as last time" would be 3,585 kcal: one tap may not add it.
            #expect(
                try await client.postForm("/log", [("source", "catalog:1001"), ("amount", "g500"), ("meal", String(meal.id))]).status
                    == .seeOther)
            let again = try await client.get("/log?q=butter").text
            // Issue 60: the food's page adds where ＋ was adding, this meal.
            #expect(again.contains("500 g, as last time") && again.contains(#"href="/foods/1001?meal=\#(meal.id)&amp;check=1""#))
            #expect(!again.contains(#"name="source" value="catalog:1001""#), "no one-tap form for an amount to check")
            let tap = try await client.postForm("/log", [("source", "catalog:1001"), ("meal", String(meal.id))])
            #expect(
                tap.status == .seeOther && tap.headers[.location] == "/foods/1001?meal=\(meal.id)&check=1",
                "a stale page's tap asks instead")
            #expect(try await SnapAndItemiseTests.entries(database, meal.id).map(\.grams) == [14.2, 500], "nothing was added by it")
            let asked = try await client.get("/foods/1001?check=1").text
            #expect(asked.contains("Check the amount"))
            #expect(asked.contains("Add 1 tbsp = 14.2 g"), "the page opens on the serving one tap would add on a new diary")
        }
    }

    @Test func aSentenceFlagsAnAmountToCheckAndAFoodHadWithAnotherIsALittleOfIt() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, _ in
            let page = try await client.get(
                "/log/text?text=" + "500 g butter, broccoli with butter".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            ).text
            #expect(page.contains("Check the amount: more than three usual servings."))
            #expect(page.contains(#"value="5 g""#), "butter had with broccoli is a pat's worth, not a serving")
        }
    }
}
