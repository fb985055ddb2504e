import Foundation

/// What an ingredient line's amount weighs of one food, by that food's own household portions:
/// "a slice" of bread is its "1 slice" portion, "1½ cups" of milk is 1.5 times its cup's weight,
/// "2 eggs" are two large ones. A guess (no portion of that name, a volume weighed as water) says so.
package struct IngredientAmount: Sendable, Equatable {
    package let grams: Double
    /// As the diary shows it: "2 × 1 large (100 g)", "1½ cups (366 g)", "150 g".
    package let label: String
    /// The amount as the person may type it again: "2 large", "1.5 cups", "150 g".
    package let typed: String
    /// Why the amount is a guess, or nil when the food's data says it.
    package let guess: String?

    package init(grams: Double, label: String, typed: String, guess: String?) {
        (self.grams, self.label, self.typed, self.guess) = (grams, label, typed, guess)
    }

    /// Words that say how big one is, not what it is counted in.
    package static let sizes: Set<String> = ["small", "medium", "large", "jumbo", "extra-large"]

    /// Whether one of `portions` is named `word`: bread has a "slice", garlic a "clove".
    package static func hasPortion(named word: String, in portions: [Portion]) -> Bool {
        portions.contains { PortionReading($0).names(word) }
    }

    /// The portion `word` names; of several ("stalk, large", "stalk, medium"), the medium one.
    private static func named(_ word: String, in readings: [PortionReading]) -> PortionReading? {
        let named = readings.filter { $0.names(word) }
        return named.first { $0.isMedium } ?? named.first
    }

    /// Words for a thing counted that portions name otherwise.
    private static let synonyms = ["rasher": "slice", "strip": "slice"]

    /// What a rough measure is when a food has no portion of its name: a glass or a bowl holds
    /// about a cup.
    private static let roughMeasures: [String: IngredientLine.Measure] = [
        "handful": .mass(grams: 30, word: "g"), "square": .mass(grams: 10, word: "g"),
        "glass": .volume(millilitres: IngredientLine.cup, word: "cup"), "mug": .volume(millilitres: IngredientLine.cup, word: "cup"),
        "bowl": .volume(millilitres: IngredientLine.cup, word: "cup"), "plate": .volume(millilitres: 2 * IngredientLine.cup, word: "cup"),
        "drizzle": .mass(grams: 5, word: "g"), "shot": .volume(millilitres: 44, word: "ml"), "scoop": .mass(grams: 30, word: "g")
    ]

    /// The size a counted food is when none is said, where it is not medium: recipes and
    /// people mean a large egg.
    private static let usualSizes: [String: String] = ["egg": "large"]

    /// The food a line was placed on, as its customary serving reads it: what a line that says
    /// no amount means, what a strip or a glass of it weighs, how much of a can is left drained.
    package struct Customary: Sendable {
        package let serving: CustomaryServing
        package let description: String
        let kcalPer100g: Double?

        package init?(description: String, group: String?, kcalPer100g: Double? = nil) {
            guard let serving = CustomaryServing.of(description: description, group: group) else { return nil }
            self.serving = serving
            self.description = description
            self.kcalPer100g = kcalPer100g
        }
    }

    /// `usual`: the amount the person last had of this food, for a line that says none.
    /// `foodWords`: the food's name, which picks its usual size. `isDrink`: one is a cup of it.
    package static func of(
        _ line: IngredientLine, portions: [Portion], unit: MeasureUnit, usual: ChosenAmount? = nil,
        foodWords: [String] = [], isDrink: Bool = false, customary: Customary? = nil
    ) -> IngredientAmount {
        let symbol = unit.symbol
        let readings = portions.map(PortionReading.init)
        guard let count = line.amount, count > 0 else {
            if let usual { return IngredientAmount(grams: usual.grams, label: usual.label, typed: usual.typedText(symbol), guess: nil) }
            if let customary {
                let serving = customary.serving.amount(
                    description: customary.description, portions: portions, unit: unit, kcalPer100g: customary.kcalPer100g)
                return IngredientAmount(
                    grams: serving.grams, label: serving.label, typed: serving.typedText(symbol),
                    guess: tr("No amount said: a usual serving is taken."))
            }
            return counted(1, readings, foodWords: foodWords, isDrink: isDrink, symbol: symbol, said: false)
        }
        switch line.measure {
        case .mass(let grams, _)?:
            var total = count * grams
            // "1 (15 oz) can chickpeas, drained": what is left of the can once drained.
            let drained = Words.split(line.note).contains("drained") ? customary?.serving.drained : nil
            if let drained { total *= drained }
            let said = "\(formatQuantity(total)) \(symbol)"
            return IngredientAmount(
                grams: total, label: said, typed: said,
                guess: drained.map { tr("Drained: \(formatQuantity($0 * 100)) % of the can’s weight is taken.") })
        case .volume(let millilitres, let word)?:
            let volume = count * millilitres
            let typed = "\(formatQuantity(count)) \(word)"
            // The portion nearest in size says best what a spoon or a cup of this food weighs.
            // Of cups alike, the one the line says: "1 cup shredded cheddar" is the shredded one.
            let said = Set((Words.split(line.food) + Words.split(line.note)).map(Words.singular))
            let measured = readings.compactMap { reading in reading.millilitres.map { (reading, $0) } }
                .min { a, b in
                    let (x, y) = (abs(log(a.1 / millilitres)), abs(log(b.1 / millilitres)))
                    return abs(x - y) > 0.01 ? x < y : a.0.fits(said) > b.0.fits(said)
                }
            if let (reading, perPortion) = measured {
                let grams = volume * reading.gramsPerOne / perPortion
                return IngredientAmount(grams: grams, label: "\(typed) (\(formatQuantity(grams)) \(symbol))", typed: typed, guess: nil)
            }
            if unit == .grams, let perMillilitre = customary?.serving.gramsPerMillilitre(word: word) {
                let grams = volume * perMillilitre
                return IngredientAmount(
                    grams: grams, label: "\(typed) (\(formatQuantity(grams)) \(symbol))", typed: typed,
                    guess: tr("No spoon or cup measure for this food: weighed as a usual serving of its kind."))
            }
            return IngredientAmount(
                grams: volume, label: "\(typed) (\(formatQuantity(volume)) \(symbol))", typed: typed,
                guess: unit == .millilitres ? nil : tr("No spoon or cup measure for this food: weighed as water."))
        case .item(let written)?:
            let word = synonyms[written] ?? written
            if let reading = named(word, in: readings) {
                return reading.times(count, symbol: symbol)
            }
            // A strip of bacon, a glass of wine, a shot of vodka: what one weighs for its kind.
            if let each = customary?.serving.counted[written] ?? customary?.serving.counted[word] {
                let grams = count * each
                return IngredientAmount(
                    grams: grams,
                    label:
                        "\(formatQuantity(count)) \(count == 1 ? written : IngredientLine.plural(written)) (\(formatQuantity(grams)) \(symbol))",
                    typed: "\(formatQuantity(grams)) \(symbol)", guess: nil)
            }
            if let rough = roughMeasures[word] {
                var line = line
                line.measure = rough
                let amount = of(line, portions: portions, unit: unit, foodWords: foodWords, isDrink: isDrink, customary: customary)
                let each: String
                switch rough {
                case .volume(let millilitres, _): each = millilitres > IngredientLine.cup ? "two cups" : "a cup"
                default: each = "\(formatQuantity(amount.grams / count)) \(symbol)"
                }
                return IngredientAmount(
                    grams: amount.grams, label: "\(formatQuantity(count)) \(word) (\(formatQuantity(amount.grams)) \(symbol))",
                    typed: "\(formatQuantity(amount.grams)) \(symbol)", guess: tr("A \(word) is taken as \(each)."))
            }
            var amount = counted(count, readings, foodWords: foodWords, isDrink: isDrink, symbol: symbol, said: true)
            if amount.guess == nil { amount = amount.guessed(tr("No “\(word)” measure for this food: one is taken as its usual portion.")) }
            return amount
        case nil:
            // "2 pat butter": the words after the count may name a portion the parser knows no unit for.
            guard let first = Words.split(line.food).first else { break }
            if let reading = named(first, in: readings) { return reading.times(count, symbol: symbol) }
            // An amount typed alone, "3 slices", counts slices though the food has none.
            if IngredientLine.isMeasure(first) {
                var counted = line
                counted.measure = .item(Words.singular(first))
                return of(counted, portions: portions, unit: unit, foodWords: foodWords, isDrink: isDrink, customary: customary)
            }
        }
        return counted(count, readings, foodWords: foodWords, isDrink: isDrink, symbol: symbol, said: true)
    }

    /// How many of the portion a counted food comes in: its usual size, else its everyday measure.
    private static func counted(
        _ count: Double, _ readings: [PortionReading], foodWords: [String], isDrink: Bool, symbol: String,
        said: Bool
    ) -> IngredientAmount {
        // One counted is its usual size, else a medium one: "a potato" is not a large one.
        let size = foodWords.lazy.compactMap { usualSizes[Words.singular($0.lowercased())] }.first ?? "medium"
        if let reading = named(size, in: readings) ?? (size == "medium" ? nil : named("medium", in: readings)) {
            let amount = reading.times(count, symbol: symbol)
            return said ? amount : amount.guessed(tr("No amount said: one \(reading.name) is taken."))
        }
        if let everyday = Portion.everyday(in: readings.map(\.portion)), let reading = readings.first(where: { $0.portion == everyday }) {
            let amount = reading.times(count, symbol: symbol)
            return said ? amount : amount.guessed(tr("No amount said: one \(reading.name) is taken."))
        }
        // A drink counted is a cup of it: "a latte".
        let each = isDrink ? IngredientLine.cup.rounded() : 100
        let grams = count * each
        return IngredientAmount(
            grams: grams, label: "\(formatQuantity(grams)) \(symbol)", typed: "\(formatQuantity(grams)) \(symbol)",
            guess: isDrink
                ? tr("This food has no household measures: a cup is taken for one.")
                : tr("This food has no household measures: 100 \(symbol) is taken for one."))
    }

    private func guessed(_ reason: String) -> IngredientAmount {
        IngredientAmount(grams: grams, label: label, typed: typed, guess: reason)
    }
}

/// A food's portion read as a line: "0.5 breast, bone and skin removed" is half of a breast,
/// "1 cup (8 fl oz)" a volume of 237 ml.
private struct PortionReading {
    let portion: Portion
    /// Its name without the count and what brackets add: "breast", "pat", "cup".
    let name: String
    let gramsPerOne: Double
    /// How much one of it holds, when it is a volume.
    let millilitres: Double?
    private let nameWords: [String]

    init(_ portion: Portion) {
        self.portion = portion
        let label = PortionLabelReading.of(portion.label)
        gramsPerOne = portion.grams / label.amount
        millilitres = label.millilitres
        nameWords = label.nameWords
        name = nameWords.prefix(3).joined(separator: " ")
    }

    /// Whether `word` names this portion: "slice" names "1 slice" and "2 slices, large", and
    /// "medium" names "1 Potato medium", but "large" not "1 slice, large".
    func names(_ word: String) -> Bool {
        let word = Words.singular(word.lowercased())
        guard let first = nameWords.first else { return false }
        return first == word
            || (IngredientAmount.sizes.contains(word) && nameWords.count > 1 && nameWords[1] == word && !IngredientLine.isMeasure(first))
    }

    /// "3 cloves", "2 slices", "1.5 cups"; but "2 large", "2 tbsp" as written.
    private static func plural(_ name: String) -> String {
        guard !name.contains(" "), IngredientLine.isMeasure(name), !IngredientAmount.sizes.contains(name), name.count >= 3,
            !["tsp", "tbsp", "tbs", "oz", "lb", "lbs", "qt", "pt", "gal"].contains(name)
        else { return name }
        return name.hasSuffix("ch") || name.hasSuffix("sh") ? name + "es" : name.hasSuffix("s") ? name : name + "s"
    }

    /// How well the portion's name fits what a line said of the food: each word said counts for
    /// it, each way of readying it not said against ("1 cup heavy cream" is not "1 cup, whipped").
    func fits(_ said: Set<String>) -> Int {
        nameWords.count { said.contains($0) } - nameWords.count { !said.contains($0) && Self.unsaidAgainst.contains($0) }
    }

    /// Recipes measure brown sugar packed unless they say otherwise.
    private static let unsaidAgainst = IngredientLine.preparations.subtracting(["packed"])

    var isMedium: Bool { nameWords.contains("medium") }

    func times(_ count: Double, symbol: String) -> IngredientAmount {
        let grams = count * gramsPerOne
        let countText = formatQuantity(count)
        let label =
            count == 1 ? "1 \(name) (\(formatQuantity(grams)) \(symbol))" : "\(countText) × 1 \(name) (\(formatQuantity(grams)) \(symbol))"
        return IngredientAmount(grams: grams, label: label, typed: "\(countText) \(count == 1 ? name : Self.plural(name))", guess: nil)
    }
}

private extension ChosenAmount {
    /// The amount as a line would say it: its grams, which read back the same for any food.
    func typedText(_ symbol: String) -> String { "\(formatQuantity(grams)) \(symbol)" }
}

/// What a label says, whatever the food: "1 cup, chopped" is one cup. Read once per label for
/// the whole server: a page of ＋ results reads a few hundred labels, nearly all among the
/// same few thousand ("1 cup", "1 tbsp", "1 slice"), and reading each anew was a fifth of the page.
struct PortionLabelReading: Sendable {
    let amount: Double
    let millilitres: Double?
    let nameWords: [String]

    private static let read = ServerMemo<String, PortionLabelReading>(most: 50_000)

    static func of(_ label: String) -> PortionLabelReading {
        read.value(label) { PortionLabelReading(label) }
    }

    private init(_ label: String) {
        // What brackets add describes it ("1 cup, fluid (yields 2 cups whipped)"): not its name.
        let line = IngredientLine(Words.outsideBrackets(label))
        amount = line.amount.flatMap { $0 > 0 ? $0 : nil } ?? 1
        if case .volume(let millilitres, _)? = line.measure { self.millilitres = millilitres } else { millilitres = nil }
        var words: [String] = []
        if case .item(let word)? = line.measure { words.append(word) }
        if case .volume(_, let word)? = line.measure { words.append(word) }
        words += Words.split(line.food) + Words.split(line.note)
        nameWords = words.map { Words.singular($0.lowercased()) }
    }
}
