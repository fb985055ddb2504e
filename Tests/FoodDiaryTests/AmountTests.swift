import FoodDiaryBase
import Foundation
import Testing
@testable import FoodDiary

@Suite struct AmountTests {
    static let butterPortions = [Portion(key: "p1", label: "1 pat", grams: 5), Portion(key: "p2", label: "1 tbsp", grams: 14.2)]

    @Test(arguments: [("g25", 25.0), ("g50", 50), ("g125", 125), ("g250", 250), ("g500", 500)])
    func everyPresetIsItsGrams(key: String, grams: Double) throws {
        let amount = try ChosenAmount.validate(.init(choice: key), portions: []).get()
        #expect(amount.grams == grams)
        #expect(amount.label == "\(Int(grams)) g")
    }

    @Test func portionsAreCountedAndLabelled() throws {
        let one = try ChosenAmount.validate(.init(choice: "p2", count: "1"), portions: Self.butterPortions).get()
        #expect(one == ChosenAmount(grams: 14.2, label: "1 tbsp (14.2 g)"))
        let two = try ChosenAmount.validate(.init(choice: "p2", count: "2"), portions: Self.butterPortions).get()
        #expect(two == ChosenAmount(grams: 28.4, label: "2 × 1 tbsp (28.4 g)"))
        let half = try ChosenAmount.validate(.init(choice: "p1", count: ".5"), portions: Self.butterPortions).get()
        #expect(half == ChosenAmount(grams: 2.5, label: "0.5 × 1 pat (2.5 g)"))
    }

    @Test func typedGramsAcceptDecimalsWithinRange() throws {
        #expect(try ChosenAmount.validate(.init(choice: "grams", grams: "37.5"), portions: []).get().grams == 37.5)
        #expect(try ChosenAmount.validate(.init(choice: "grams", grams: " 0.1 "), portions: []).get().grams == 0.1)
        #expect(try ChosenAmount.validate(.init(choice: "grams", grams: "5000"), portions: []).get().label == "5000 g")
    }

    /// Issue 35: toast opened on "1 oz" and red wine on "1 fl oz" (25 kcal), USDA's first measures.
    @Test func theAmountPageOpensOnTheMeasurePeopleLogBy() {
        func portions(_ labels: String...) -> [Portion] {
            labels.enumerated().map { Portion(key: "p\($0.offset + 1)", label: $0.element, grams: 10) }
        }
        // SR28's own lists, in USDA's order.
        let toast = portions(
            "1 oz", "1 cup, crumbs", "1 cup, cubes", "1 slice, large", "1 slice crust not eaten", "1 slice, thin", "1 slice")
        #expect(Portion.everyday(in: toast)?.label == "1 slice")
        #expect(Portion.everyday(in: portions("1 fl oz", "1 serving (5 fl oz)"))?.label == "1 serving (5 fl oz)", "red wine")
        let banana = portions(
            "1 cup, mashed", "1 cup, sliced", "1 extra small (less than 6\" long)", "1 small (6\" to 6-7/8\" long)",
            "1 medium (7\" to 7-7/8\" long)", "1 large (8\" to 8-7/8\" long)", "1 NLEA serving")
        #expect(Portion.everyday(in: banana)?.label == "1 medium (7\" to 7-7/8\" long)")
        #expect(Portion.everyday(in: portions("1 pat (1\" sq, 1/3\" high)", "1 tbsp", "1 cup"))?.label.hasPrefix("1 pat") == true, "butter")
        #expect(Portion.everyday(in: portions("1 large"))?.label == "1 large", "a fried egg")
        #expect(
            Portion.everyday(in: portions("1 cup, chopped", "1 tbsp", "1 large"))?.label == "1 large", "a hard-boiled egg, not a spoonful")
        #expect(Portion.everyday(in: portions("1 oz", "0.5 lb"))?.label == "1 oz", "only weights: USDA's order stands")
        #expect(Portion.everyday(in: []) == nil)
        #expect(AmountFieldsView.initialForm(portions: portions("1 oz", "1 slice"), unit: .grams, usual: nil).choice == "p2")
        #expect(AmountFieldsView.initialForm(portions: [], unit: .grams, usual: nil).choice == ChosenAmount.presetKey(125))
    }

    /// Issue 35: the goals form refused "2,000", the way the diary itself writes it.
    @Test func numbersReadAsTheDiaryWritesThem() throws {
        for (typed, value) in [("2,000", 2000.0), ("1,234.5", 1234.5), (" 12,000 ", 12000), ("2000", 2000)] {
            #expect(try TypedNumber.parse(typed, in: 0...100_000).get() == value, "\(typed)")
            #expect(try TypedNumber.parse(NumberText.decimal(value, maxFractionDigits: 2, grouping: true), in: 0...100_000).get() == value)
        }
        for typed in [",500", "1,,000", "2,000,", "1.2.3", "1,5,5", "1 50", "12 500 5", "1.000.5"] {
            #expect(TypedNumber.parse(typed, in: 0...100_000) == .failure(.notANumber), "\(typed)")
        }
    }

    /// Issue 35: numbers as the browser's language writes them; "1.500" alone depends on it.
    @Test func numbersReadInTheBrowsersLanguage() throws {
        let both: [(String, Double)] = [
            ("1,5", 1.5), ("12,00", 12), ("1,2345", 1.2345), ("1.000,5", 1000.5), ("1 500", 1500),
            ("1\u{202F}500,25", 1500.25), ("1'500", 1500), ("1.500.000", 1_500_000), ("2,000", 2000), ("0.5", 0.5)
        ]
        for convention in [NumberConvention.decimalPoint, .decimalComma] {
            for (typed, value) in both {
                #expect(try TypedNumber.parse(typed, in: 0...10_000_000, convention: convention).get() == value, "\(typed), \(convention)")
            }
        }
        #expect(try TypedNumber.parse("1.500", in: 0...10_000, convention: .decimalPoint).get() == 1.5)
        #expect(try TypedNumber.parse("1.500", in: 0...10_000, convention: .decimalComma).get() == 1500)
        #expect(NumberConvention(acceptLanguage: "de-DE,de;q=0.9,en;q=0.8") == .decimalComma)
        #expect(NumberConvention(acceptLanguage: "fr") == .decimalComma)
        #expect(NumberConvention(acceptLanguage: "de-CH") == .decimalPoint, "the Swiss write 1'500.5")
        #expect(NumberConvention(acceptLanguage: "en-GB,en;q=0.9,de;q=0.8") == .decimalPoint)
        #expect(NumberConvention(acceptLanguage: "es-MX") == .decimalPoint)
        #expect(NumberConvention(acceptLanguage: nil) == .decimalPoint && NumberConvention(acceptLanguage: "*") == .decimalPoint)
    }

    @Test(arguments: ["jkl", "-5", "1e308", "NaN", "inf", "", "   ", "0", "0.05", "5000.1", "0x10", "12abc", "1.2.3", "１２", "5,000.5"])
    func badGramsAreRefusedWithAMessage(text: String) {
        guard case .failure(let errors) = ChosenAmount.validate(.init(choice: "grams", grams: text), portions: []) else {
            Issue.record("accepted \(text)")
            return
        }
        #expect(errors.grams?.contains("grams") == true)
    }

    @Test func countsAreCheckedAndTheirTotalCapped() {
        for text in ["jkl", "-1", "0", "1e3", "101"] {
            guard case .failure(let errors) = ChosenAmount.validate(.init(choice: "p2", count: text), portions: Self.butterPortions) else {
                Issue.record("accepted count \(text)")
                continue
            }
            #expect(errors.count != nil)
        }
        let heavy = [Portion(key: "p1", label: "1 melon", grams: 600)]
        guard case .failure(let errors) = ChosenAmount.validate(.init(choice: "p1", count: "9"), portions: heavy) else {
            Issue.record("accepted 5,400 g")
            return
        }
        #expect(errors.count?.contains("5,000 g") == true)
    }

    @Test func unknownOrMissingChoicesAreRefused() {
        for choice in ["", "g99", "p9", "grams; DROP TABLE"] {
            guard case .failure(let errors) = ChosenAmount.validate(.init(choice: choice), portions: Self.butterPortions) else {
                Issue.record("accepted \(choice)")
                continue
            }
            #expect(errors.choice != nil || errors.grams != nil)
        }
    }

    /// Hand-computed from the fixture's butter: 717 kcal and 0.85 g protein per 100 g.
    @Test(arguments: [
        (25.0, 179.25, 0.2125), (50, 358.5, 0.425), (125, 896.25, 1.0625), (250, 1792.5, 2.125), (500, 3585, 4.25), (28.4, 203.628, 0.2414)
    ])
    func per100GramValuesScaleByGramsOverAHundred(grams: Double, kcal: Double, protein: Double) {
        let butter = FoodSnapshot(
            dataType: .srLegacy, catalogFoodID: 1001, ndbNumber: "01001", description: "Butter, salted",
            brandOwner: nil, basisGrams: 100, basis: NutrientValues([.energyKcal: 717, .proteinG: 0.85]))
        let scaled = butter.nutrients(forGrams: grams)
        #expect(abs(scaled[.energyKcal]! - kcal) < 1e-9)
        #expect(abs(scaled[.proteinG]! - protein) < 1e-12)
        #expect(scaled[.sodiumMg] == nil, "a nutrient the source lacks stays unknown, not 0")
    }

    @Test func perServingValuesScaleByGramsOverTheServing() {
        let bar = FoodSnapshot(
            dataType: .handTyped, catalogFoodID: nil, ndbNumber: nil, description: "Granola bar", brandOwner: nil,
            basisGrams: 40, basis: NutrientValues([.energyKcal: 180, .fatG: 7, .sodiumMg: 95]))
        let scaled = bar.nutrients(forGrams: 60)
        #expect(scaled[.energyKcal] == 270)
        #expect(scaled[.fatG] == 10.5)
        #expect(scaled[.sodiumMg] == 142.5)
    }

    @Test func totalsAreSumsAndUnknownStaysUnknown() {
        let a = NutrientValues([.energyKcal: 101.25, .sodiumMg: 6.25])
        let b = NutrientValues([.energyKcal: 89, .fatG: 0.33])
        let total = NutrientValues.sum([a, b])
        #expect(total[.energyKcal] == 190.25)
        #expect(total[.sodiumMg] == 6.25)
        #expect(total[.fatG] == 0.33)
        #expect(total[.fiberG] == nil)
    }
}

@Suite struct HandTypedFoodFormTests {
    static func form(_ changes: (inout HandTypedFoodForm) -> Void = { _ in }) -> HandTypedFoodForm {
        var form = HandTypedFoodForm(
            name: "Granola bar", brand: "", servingGrams: "40",
            nutrients: [.energyKcal: "180", .fatG: "7", .sodiumMg: ""], amount: .init(choice: "serving", count: "1.5"))
        changes(&form)
        return form
    }

    @Test func aValidLabelBecomesAPerServingSnapshot() throws {
        let valid = try Self.form().validate().get()
        #expect(valid.food.dataType == .handTyped)
        #expect(valid.food.basisGrams == 40)
        #expect(valid.food.basis[.energyKcal] == 180)
        #expect(valid.food.basis[.sodiumMg] == nil, "an empty field is unknown, not zero")
        #expect(valid.amount == ChosenAmount(grams: 60, label: "1.5 × 1 serving (60 g)"))
        #expect(valid.food.nutrients(forGrams: valid.amount.grams)[.energyKcal] == 270)
    }

    @Test(arguments: ["jkl", "-5", "1e308", "NaN", "inf", "0x1A"])
    func badNutrientNumbersAreExplainedBesideTheField(text: String) {
        guard case .failure(let errors) = Self.form({ $0.nutrients[.proteinG] = text }).validate() else {
            Issue.record("accepted protein \(text)")
            return
        }
        #expect(errors.nutrients[.proteinG]?.contains("protein") == true)
        #expect(errors.nutrients.count == 1 && errors.name == nil && errors.servingGrams == nil)
    }

    @Test func impossibleLabelsAreRefused() {
        guard
            case .failure(let errors) = Self.form({
                $0.nutrients[.fatG] = "41"; $0.nutrients[.energyKcal] = "900"
            }).validate()
        else {
            Issue.record("accepted 41 g of fat in a 40 g serving")
            return
        }
        #expect(errors.nutrients[.fatG]?.contains("40 g serving") == true)
        #expect(errors.nutrients[.energyKcal] != nil, "900 kcal in 40 g is more than pure fat")
    }

    @Test func requiredFieldsAndLengthsAreChecked() {
        guard
            case .failure(let errors) = Self.form({
                $0.name = "  \n "; $0.servingGrams = ""; $0.brand = String(repeating: "b", count: 201)
            }).validate()
        else {
            Issue.record("accepted a nameless food")
            return
        }
        #expect(errors.name != nil)
        #expect(errors.servingGrams == "Enter the serving size in grams.")
        #expect(errors.brand != nil)
    }

    @Test func namesAreKeptOnOneLine() throws {
        let valid = try Self.form({ $0.name = "  Oat\u{0}\n bar\t " }).validate().get()
        #expect(valid.food.description == "Oat bar")
    }
}
