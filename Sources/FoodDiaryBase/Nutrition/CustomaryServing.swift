import Foundation

/// The amount people eat of a kind of food at once, from `CustomaryServings.tsv` (the FDA's
/// reference amounts, the standard drink, USDA's household weights): a tablespoon of butter, two
/// slices of bacon, a 5 fl oz glass of wine. It is what one tap adds of a food a person has never
/// logged, what a line that says no amount means, and three of it are the most either may add
/// before the person is asked to check.
package struct CustomaryServing: Sendable, Equatable {
    package let kind: String
    /// The household measure as a line reads it: "1 tbsp", "2 slices", "5 fl oz", "85 g".
    package let line: IngredientLine
    /// What the serving weighs (a drink measured by volume: holds, in ml) when a food has no
    /// portion to weigh it by.
    package let grams: Double
    /// The serving of a food eaten cooked whose name says it is raw or dry: "1/4 cup" of dry rice.
    package let dry: (line: IngredientLine, grams: Double)?
    /// What one counted thing weighs when a food has no portion of that name: a strip of bacon.
    package let counted: [String: Double]
    /// What "with" adds of it when no amount is said: a splash of milk in a coffee.
    package let addition: Double?
    /// What "with" adds of it to a food of another kind, where that is not `addition`: milk on cereal.
    let additionTo: [String: Double]
    /// The share of a can's weight left once drained.
    package let drained: Double?
    /// The most energy, kcal per 100 g, of a food of this kind as had; nil where no category says.
    package let densest: Double?
    /// The most energy one tap adds of this kind unasked: three servings of its densest food as
    /// had, never more than `AmountCheck.mostKilocalories`.
    package let mostKilocalories: Double

    package static func == (a: CustomaryServing, b: CustomaryServing) -> Bool { a.kind == b.kind }

    /// What "with" adds of it to a food of `kind` when no amount is said: a splash of milk in a
    /// coffee, half a cup on cereal.
    package func addition(to kind: String?) -> Double? {
        kind.flatMap { additionTo[$0] } ?? addition
    }

    /// The kind of food `description` names, else the kind its catalog group or category
    /// (`group`) holds, else the powder or concentrate row for a food sold so ("Bread stuffing,
    /// cornbread, dry mix"); nil for a food the table does not know.
    package static func of(description: String, group: String?) -> CustomaryServing? {
        let table = CustomaryServingTable.shared
        return table.serving(description: description, group: group)
            ?? ProductForm.of(description).flatMap(table.serving(soldAs:))
    }

    /// All the phrases the table knows foods by, as written: what people call foods.
    package static var names: [String] { CustomaryServingTable.shared.names }

    /// Whether the food's name says it is not ready to eat: "Rice, white, long-grain, raw".
    static func namesUncooked(_ description: String) -> Bool {
        let words = Set(Words.split(description))
        return !words.isDisjoint(with: ["raw", "dry", "uncooked", "unprepared", "dried"]) && words.isDisjoint(with: ProductForm.madeWords)
    }

    /// The serving of this food, by its own household portions where it has one of the measure's
    /// name, else by the table's weight: "1 tbsp (14.2 g)" of salted butter, "1 tbsp (14 g)" of
    /// "Butter, NFS", which has no portions. A powder, dry mix or concentrate takes what makes one
    /// serving (USDA's own "amount to make" where it weighs one), never more than the kind's serving.
    package func amount(description: String, portions: [Portion], unit: MeasureUnit, kcalPer100g: Double? = nil) -> ChosenAmount {
        let form = ProductForm.of(description, kcalPer100g: kcalPer100g, kind: self)
        let (line, grams) = measure(description, form: form)
        if form != nil, let makes = ProductForm.makingPortion(portions, most: AmountCheck.mostServings * grams) {
            return ChosenAmount(grams: makes.grams, label: "\(makes.label) (\(PortionLabel.amount(makes.grams, unit)))")
        }
        let own = byOwnPortions(line, portions: portions, unit: unit)
        // A portion of the measure's name far from the serving ("1 slice" of a whole loaf's
        // width, a 56 g raw rasher) is not what the measure means for this kind of food.
        if let own, abs(log(own.grams / grams)) < log(2.5) { return own }
        return tableAmount(line, grams: grams, unit: unit)
    }

    /// The household measure and weight of a serving of this food as its name says it is sold:
    /// the kind's own, its dry serving for a food named raw, dry or a powder, else the spoon of the
    /// powder or concentrate rows, where that is less than the kind's serving.
    private func measure(_ description: String, form: ProductForm?) -> (line: IngredientLine, grams: Double) {
        if let dry, form == .dry || Self.namesUncooked(description) { return dry }
        guard let form, let spoon = CustomaryServingTable.shared.serving(soldAs: form), spoon != self,
            spoon.grams < grams
        else { return (line, grams) }
        return (spoon.line, spoon.grams)
    }

    /// The serving as the table weighs it: "1 tbsp (14 g)".
    private func tableAmount(_ line: IngredientLine, grams: Double, unit: MeasureUnit) -> ChosenAmount {
        let count = line.amount ?? 1
        // "2 slices" reads as two of a thing named "slice", with no measure.
        let word = line.measureWord ?? (count > 1 ? IngredientLine.plural(line.food) : line.food)
        return ChosenAmount(grams: grams, label: "\(formatQuantity(count)) \(word) (\(PortionLabel.amount(grams, unit)))")
    }

    /// The serving weighed by the food's own household portions, or nil when it has none of the measure.
    private func byOwnPortions(_ line: IngredientLine, portions: [Portion], unit: MeasureUnit) -> ChosenAmount? {
        let count = line.amount ?? 1
        switch line.measure {
        case .mass(let each, _)?:
            // A portion close to the weight says it as people count it: "1 oz (28.35 g)" of almonds.
            let weight = count * each
            if let near = portions.filter({ abs(log($0.grams / weight)) < log(1.25) }).min(by: {
                abs($0.grams - weight) < abs($1.grams - weight)
            }) {
                return ChosenAmount(grams: near.grams, label: "\(near.label) (\(PortionLabel.amount(near.grams, unit)))")
            }
            // "3 oz (85.05 g)": the serving as the table says it, and what it weighs in the reader's unit.
            let shown = PortionLabel.amount(weight, unit), said = line.measureWord.map { "\(formatQuantity(count)) \($0)" }
            return ChosenAmount(grams: weight, label: said == nil || said == shown ? shown : "\(said!) (\(shown))")
        case .volume?:
            if unit == .millilitres || portions.contains(where: { PortionText.isVolume($0.label) }) {
                let amount = IngredientAmount.of(line, portions: portions, unit: unit)
                return ChosenAmount(grams: amount.grams, label: amount.label)
            }
        case .item(let word)?:
            if IngredientAmount.hasPortion(named: word, in: portions) {
                let amount = IngredientAmount.of(line, portions: portions, unit: unit)
                return ChosenAmount(grams: amount.grams, label: amount.label)
            }
        case nil:
            // "1 container", "1 muffin": a thing the food's portions may count it in.
            if let first = Words.split(line.food).first, IngredientAmount.hasPortion(named: first, in: portions) {
                let amount = IngredientAmount.of(line, portions: portions, unit: unit)
                return ChosenAmount(grams: amount.grams, label: amount.label)
            }
        }
        return nil
    }

    /// What a millilitre of this kind weighs, from its serving when that is a volume ("1 cup" of
    /// cooked rice is 160 g) or from a volume it is counted in ("cup=140" of cooked chicken).
    func gramsPerMillilitre(word: String) -> Double? {
        if case .volume(let millilitres, _)? = line.measure, let count = line.amount, count > 0 { return grams / (count * millilitres) }
        guard case .volume(let millilitres, _)? = IngredientLine("1 " + word).measure,
            let each = counted[Words.singular(word.lowercased())]
        else { return nil }
        return each / millilitres
    }

}

/// Words of a portion's label that say it is a volume ("1 cup", "1 tbsp", "1 fl oz").
enum PortionText {
    static func isVolume(_ label: String) -> Bool { PortionLabelReading.of(label).millilitres != nil }
}

extension IngredientLine {
    /// The measure as written: "tbsp", "slices", "fl oz"; nil for a thing counted by its name.
    var measureWord: String? {
        switch measure {
        case .mass(_, let word)?, .volume(_, let word)?: word
        case .item(let word)?: count.map { $0.upperBound > 1 } == true ? IngredientLine.plural(word) : word
        case nil: nil
        }
    }

    /// "slices", "links", "pieces"; a size ("2 large") stays as it is.
    static func plural(_ word: String) -> String {
        guard !IngredientAmount.sizes.contains(word), !word.hasSuffix("s") else { return word }
        return word.hasSuffix("ch") || word.hasSuffix("sh") ? word + "es" : word + "s"
    }
}

/// `CustomaryServings.tsv`, read once: each kind with the phrases that name it and the groups that hold it.
struct CustomaryServingTable: Sendable {
    static let shared = CustomaryServingTable(String(decoding: PackageResources.CustomaryServings_tsv, as: UTF8.self))

    private let servings: [CustomaryServing]
    /// Every phrase of the names column, as written.
    let names: [String]
    /// Each phrase's words, joined by spaces, to the row it names and its length in words.
    private let phrases: [String: (row: Int, words: Int)]
    private let groups: [String: Int]
    private let longestPhrase: Int

    init(_ text: String) {
        var servings: [CustomaryServing] = []
        var phrases: [String: (row: Int, words: Int)] = [:]
        var groups: [String: Int] = [:]
        var names: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 11, let grams = Double(fields[4]), grams > 0, fields[9] == "-" || Double(fields[9]) != nil
            else { preconditionFailure("CustomaryServings.tsv: \(line)") }
            let row = servings.count
            names += Self.list(fields[1])
            for phrase in Self.list(fields[1]) {
                let words = Words.split(phrase).map(Words.singular)
                precondition(!words.isEmpty, "CustomaryServings.tsv: an empty phrase in \(fields[0])")
                // "cookie" names "Cookies", which folds to "cooky".
                let plural = Words.singular(words[words.count - 1] + "s")
                for key in [words.joined(separator: " "), (words.dropLast() + [plural]).joined(separator: " ")] where phrases[key] == nil {
                    phrases[key] = (row, words.count)
                }
            }
            for group in Self.list(fields[2]) where groups[group] == nil { groups[group] = row }
            let ceiling = Double(fields[9]).map { AmountCheck.mostServings * grams * $0 / 100 } ?? AmountCheck.mostKilocalories
            servings.append(
                CustomaryServing(
                    kind: fields[0], line: IngredientLine(fields[3]), grams: grams, dry: Self.dry(fields[5]),
                    counted: Self.counted(fields[6]), addition: Self.list(fields[7]).first.flatMap(Double.init),
                    additionTo: Self.counted(Self.list(fields[7]).dropFirst().joined(separator: ";")), drained: Double(fields[8]),
                    densest: Double(fields[9]), mostKilocalories: min(ceiling, AmountCheck.mostKilocalories)))
        }
        self.servings = servings
        self.names = names
        self.phrases = phrases
        self.groups = groups
        longestPhrase = phrases.values.map(\.words).max() ?? 1
    }

    private static func list(_ field: String) -> [String] {
        field == "-" ? [] : field.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func dry(_ field: String) -> (line: IngredientLine, grams: Double)? {
        guard field != "-" else { return nil }
        let parts = field.split(separator: "=")
        guard parts.count == 2, let grams = Double(parts[1]) else { preconditionFailure("CustomaryServings.tsv: dry \(field)") }
        return (IngredientLine(String(parts[0])), grams)
    }

    private static func counted(_ field: String) -> [String: Double] {
        var counted: [String: Double] = [:]
        for item in list(field) {
            let parts = item.split(separator: "=")
            guard parts.count == 2, let grams = Double(parts[1]) else { preconditionFailure("CustomaryServings.tsv: counted \(item)") }
            counted[Words.singular(String(parts[0]))] = grams
        }
        return counted
    }

    /// Kinds a name's first part only classifies when a later part names the food: in "Pork,
    /// cured, bacon" the food is bacon, in "Cheese, ricotta" ricotta, in "Plums, dried (prunes)" prunes.
    private static let classifiers: Set<String> = [
        "pork", "beef", "chicken", "lamb", "fish", "cheese", "nuts", "cereal", "fruit", "vegetable"
    ]
    /// Parts that say what a food is made or served with, not what it is: "without salt", "in oil".
    private static let aside: Set<String> = ["with", "without", "in", "made", "includes", "from", "prepared", "packed", "no", "not"]

    /// The row of a powder or a concentrate whose kind says no amount that makes one serving.
    func serving(soldAs form: ProductForm) -> CustomaryServing? {
        let kind = form == .dry ? "powder" : "concentrate"
        return servings.first { $0.kind == kind }
    }

    /// The longest phrase that ends a part of the name wins, then the earliest part. SR28 names a
    /// food general-first ("Cheese, cream" is cream cheese), so the first two parts are also read
    /// the other way round.
    func serving(description: String, group: String?) -> CustomaryServing? {
        Self.rows.value(NameInGroup(description: description, group: group)) { row(description: description, group: group) }
            .map { servings[$0] }
    }

    /// Each name's row, read once for the whole server: a page of ＋ results names twenty foods
    /// or more. The catalog reads its generic foods' (about 20,000) as it keeps their names in
    /// memory; products' are read as they are shown, up to the limit, when it starts again.
    private static let rows = ServerMemo<NameInGroup, Int?>(most: 100_000)

    private struct NameInGroup: Hashable {
        let description: String
        let group: String?
    }

    private func row(description: String, group: String?) -> Int? {
        // What follows "in" or "with" inside a part says what it is packed or had with: "TUNA IN
        // WATER" is tuna, "COFFEE WITH ALMOND MILK" coffee.
        let parts = description.split(separator: ",").map {
            Array(Words.split(String($0)).map(Words.singular).prefix { !Self.aside.contains($0) })
        }
        .filter { !$0.isEmpty }
        var texts = parts
        if parts.count > 1 { texts.insert(parts[1] + parts[0], at: 1) }
        var best: (row: Int, words: Int, classifies: Bool)?
        for (index, words) in texts.enumerated() {
            let isReversed = parts.count > 1 && index == 1
            for length in stride(from: min(longestPhrase, words.count), through: 1, by: -1) {
                guard let match = phrases[words.suffix(length).joined(separator: " ")] else { continue }
                let classifies = Self.classifiers.contains(servings[match.row].kind)
                if let found = best, found.row == match.row {
                    if isReversed { break }
                    // "Cheese, mozzarella, whole milk": a later part names the same kind, which is the food's.
                    best?.classifies = false
                } else if best.map({ match.words > $0.words || (match.words == $0.words && $0.classifies && !classifies) }) ?? true {
                    best = (match.row, match.words, classifies)
                }
                break
            }
        }
        if let best { return best.row }
        return group.flatMap { groups[$0] }
    }
}
