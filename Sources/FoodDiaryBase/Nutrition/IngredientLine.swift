import Foundation

/// A line of a recipe, or one food of what someone says they ate, read into how much and of what:
/// "1½ cups of milk" is 1.5 cups of "milk"; "2-3 cloves garlic, minced" is 2 to 3 cloves of
/// "garlic", minced. Nothing typed is dropped: what is not an amount is the food or the note.
/// Which food it is, and what a clove of it weighs, are the catalog's to say.
package struct IngredientLine: Sendable, Equatable {
    /// How many: 2...3 for "2-3", 0.5...0.5 for "half"; nil when no amount is said ("salt").
    package var count: ClosedRange<Double>?
    /// What each one is: a weight, a volume or a household item ("slice", "large"); nil for a
    /// whole thing counted ("2 eggs").
    package var measure: Measure?
    /// The words naming the food, as written: "whole wheat toast".
    package var food: String
    /// What follows a comma, what is in brackets and says no amount, and "to taste": "minced".
    package var note: String
    /// Whether it comes in a can or tin ("1 (15 oz) can chickpeas"): the canned food, not the cooked one.
    package var isCanned = false

    package enum Measure: Sendable, Equatable {
        /// A weight, in grams for one; `word` as written ("oz").
        case mass(grams: Double, word: String)
        /// A volume, in millilitres for one; `word` as written ("cups"). A food's own portion of
        /// that name ("1 cup = 160 g") says better than a density what it weighs.
        case volume(millilitres: Double, word: String)
        /// Something the food's portions name: a slice, a clove, a can, a large one.
        case item(String)
    }

    /// The middle of the count: "2-3 cloves" is 2.5.
    package var amount: Double? { count.map { ($0.lowerBound + $0.upperBound) / 2 } }

    /// Grams when the line says a weight: "2 x 30 g" is 60.
    package var grams: Double? {
        guard case .mass(let grams, _) = measure, let amount else { return nil }
        return amount * grams
    }

    /// Millilitres when the line says a volume.
    package var millilitres: Double? {
        guard case .volume(let millilitres, _) = measure, let amount else { return nil }
        return amount * millilitres
    }

    package init(count: ClosedRange<Double>?, measure: Measure?, food: String, note: String = "") {
        self.count = count
        self.measure = measure
        self.food = food
        self.note = note
    }

    /// Words that say how a food is cut or readied, which the catalog's names mostly leave out
    /// ("1 cup chopped onion" is onions) and its portions say ("1 cup, chopped").
    package static let preparations: Set<String> = [
        "chopped", "diced", "sliced", "shredded", "grated", "peeled", "beaten", "softened", "melted", "drained", "rinsed",
        "crushed", "cubed", "halved", "quartered", "trimmed", "boneless", "skinless", "finely", "roughly", "thinly", "packed", "sifted",
        "heaping", "level", "lightly", "freshly", "whipped", "mashed", "large", "medium", "small"
    ]

    /// A US cup in millilitres, as US recipes and USDA's portions use it.
    package static let cup = 236.5882365

    /// Whether a word is a unit or a thing counted ("cup", "slice", "large"), never a food's name.
    package static func isMeasure(_ word: String) -> Bool {
        let word = word.lowercased()
        return IngredientLineText.units[word] != nil || IngredientLineText.items.contains(Words.singular(word))
    }

    /// Reads one line. `convention` says how a decimal comma is written where the line came from.
    package init(_ line: String, convention: NumberConvention = .decimalPoint) {
        var reader = IngredientLineReader(line, convention: convention)
        self = reader.read()
    }
}

/// The reading of one line, word by word from the start: an amount, a measure, then the food.
private struct IngredientLineReader {
    private var words: [String]
    private var position = 0
    private var notes: [String] = []
    /// A weight or volume in brackets ("1 (14.5 oz) can"), which says more than the can.
    private var statedMeasure: IngredientLine.Measure?
    private let convention: NumberConvention

    init(_ line: String, convention: NumberConvention) {
        self.convention = convention
        var text = IngredientLineText.normalised(line)
        for bracketed in IngredientLineText.bracketed(&text) {
            var inner = IngredientLineReader(
                words: IngredientLineText.words(IngredientLineText.normalised(bracketed)), convention: convention)
            let reading = inner.read()
            if statedMeasure == nil, let amount = reading.amount, let measure = reading.measure, !measure.isItem {
                statedMeasure = measure.scaled(by: amount)
                notes += [reading.food, reading.note].filter { !$0.isEmpty }
            } else {
                notes.append(bracketed)
            }
        }
        if let comma = IngredientLineText.noteComma(in: text) {
            notes.insert(text[text.index(after: comma)...].trimmingCharacters(in: .whitespaces), at: 0)
            text = String(text[..<comma])
        }
        words = IngredientLineText.words(text)
    }

    private init(words: [String], convention: NumberConvention) {
        self.words = words
        self.convention = convention
    }

    mutating func read() -> IngredientLine {
        skip(IngredientLineText.roughly)
        var count = readCount()
        // "1/2 an onion".
        if let count, count.upperBound < 1 { skip(["a", "an"]) }
        var measure = readMeasure()
        var canned = measure.map { Self.isCan($0) } ?? false
        // "2 x 30 g": two of thirty grams each; "2x eggs": two eggs.
        if let times = count, measure == nil, peek == "x" {
            position += 1
            if let each = readCount() {
                measure = readMeasure()?.scaled(by: each.lowerBound)
                if measure == nil { count = (times.lowerBound * each.lowerBound)...(times.upperBound * each.upperBound) }
            }
        }
        // "a 400 g tin of tomatoes": the tin says no more than its weight.
        if let measure, !measure.isItem, let word = peek, IngredientLineText.containers.contains(Words.singular(word)) {
            canned = Self.isCan(.item(Words.singular(word)))
            position += 1
        }
        if measure != nil || count != nil { skip(["of"]) }
        if count == nil, measure != nil { count = 1...1 }
        // A weight in brackets is what the recipe weighed: for a can, each one's ("1 (14.5 oz) can");
        // after a volume, the whole amount's ("2 cups (240 g) flour").
        if let stated = statedMeasure {
            switch measure {
            case nil, .item?:
                measure = stated
                count = count ?? 1...1
            case .volume?:
                if stated.isMass, let amount = count.map({ ($0.lowerBound + $0.upperBound) / 2 }), amount > 0 {
                    measure = stated.scaled(by: 1 / amount)
                }
            case .mass?:
                break
            }
        }
        var foodWords = Array(words[position...])
        for phrase in IngredientLineText.trailingNotes {
            if foodWords.count > phrase.count, foodWords.suffix(phrase.count).map({ $0.lowercased() }) == phrase {
                notes.insert(phrase.joined(separator: " "), at: 0)
                foodWords.removeLast(phrase.count)
                break
            }
        }
        // "2 large", "a slice": the thing counted is all there is to name the food.
        if foodWords.isEmpty, case .item(let word)? = measure {
            foodWords = [word]
            measure = nil
        }
        var line = IngredientLine(
            count: count, measure: measure, food: foodWords.joined(separator: " "), note: notes.joined(separator: "; "))
        line.isCanned = canned
        return line
    }

    private static func isCan(_ measure: IngredientLine.Measure) -> Bool {
        if case .item(let word) = measure { return ["can", "cans", "tin", "tins"].contains(word) }
        return false
    }

    private var peek: String? { position < words.count ? words[position].lowercased() : nil }

    private mutating func skip(_ fillers: Set<String>) {
        while let word = peek, fillers.contains(word) { position += 1 }
    }

    /// "2", "1 1/2", "2-3", "2 to 3", "a", "half a", "a couple of", "a dozen".
    private mutating func readCount() -> ClosedRange<Double>? {
        guard let first = readNumber() else { return nil }
        if let word = peek, ["-", "to", "or"].contains(word) {
            let start = position
            position += 1
            if let last = readNumber(), last > first { return first...last }
            position = start
        }
        return first...first
    }

    private mutating func readNumber() -> Double? {
        guard let word = peek else { return nil }
        if let value = number(word) {
            position += 1
            // A whole number then a fraction: "1 1/2".
            if value == value.rounded(), let next = peek, next.contains("/"), let fraction = number(next), fraction < 1 {
                position += 1
                return value + fraction
            }
            // "2 dozen".
            if peek == "dozen" { position += 1; return value * 12 }
            return value
        }
        switch word {
        case "a", "an", "one":
            // "a half", "a quarter", "a couple of", "a few", "a dozen", or just one.
            position += 1
            // "a 500 g bag": the weight is the amount.
            if let next = peek, number(next) != nil { return readNumber() }
            if let next = peek, let value = IngredientLineText.wordNumbers[next], next != "a", next != "an" {
                position += 1
                skip(["of"])
                return value
            }
            return 1
        case "half", "quarter":
            position += 1
            skip(["a", "an", "of"])
            if peek == "dozen" { position += 1; return word == "half" ? 6 : 3 }
            return word == "half" ? 0.5 : 0.25
        default:
            guard let value = IngredientLineText.wordNumbers[word] else { return nil }
            position += 1
            skip(["of"])
            if peek == "dozen" { position += 1; return value * 12 }
            return value
        }
    }

    /// Digits as written ("1.5", "1,5" with a decimal comma, "3/4"), or nil.
    private func number(_ word: String) -> Double? {
        if let slash = word.firstIndex(of: "/") {
            guard let top = Double(word[..<slash]), let bottom = Double(word[word.index(after: slash)...]), bottom > 0 else { return nil }
            return top / bottom
        }
        guard word.first?.isASCII == true, word.first?.isNumber == true || word.first == "." else { return nil }
        return Double(TypedNumber.plainDigits(word, convention: convention)).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }

    /// "g", "cups", "fl oz", "tablespoons", "slices", "large", or nil.
    private mutating func readMeasure() -> IngredientLine.Measure? {
        guard let word = peek else { return nil }
        if position + 1 < words.count, let two = IngredientLineText.twoWordUnits[word + " " + words[position + 1].lowercased()] {
            let written = words[position] + " " + words[position + 1]
            position += 2
            return two.measure(written)
        }
        if let unit = IngredientLineText.units[word] {
            // "T" is a tablespoon and "t" a teaspoon only as written so; "g" is never a food.
            let written = words[position]
            position += 1
            if written == "T" { return IngredientLineText.units["tbsp"]!.measure(written) }
            return unit.measure(written)
        }
        if IngredientLineText.items.contains(word) || IngredientLineText.items.contains(Words.singular(word)) {
            position += 1
            return .item(Words.singular(word))
        }
        return nil
    }
}

extension IngredientLine.Measure {
    package var isItem: Bool {
        if case .item = self { return true }
        return false
    }

    package var isMass: Bool {
        if case .mass = self { return true }
        return false
    }

    fileprivate func scaled(by factor: Double) -> IngredientLine.Measure {
        switch self {
        case .mass(let grams, let word): return .mass(grams: grams * factor, word: word)
        case .volume(let millilitres, let word): return .volume(millilitres: millilitres * factor, word: word)
        case .item: return self
        }
    }
}

/// The words and measures an ingredient line is read with.
private enum IngredientLineText {
    enum Unit {
        case mass(Double)
        case volume(Double)

        func measure(_ written: String) -> IngredientLine.Measure {
            switch self {
            case .mass(let grams): return .mass(grams: grams, word: written)
            case .volume(let millilitres): return .volume(millilitres: millilitres, word: written)
            }
        }
    }

    static let teaspoon = 4.92892159375, tablespoon = 14.78676478125, fluidOunce = 29.5735295625, cup = IngredientLine.cup

    static let units: [String: Unit] = {
        var units: [String: Unit] = [:]
        func add(_ names: [String], _ unit: Unit) { for name in names { units[name] = unit } }
        add(["g", "gr", "gram", "grams", "gramme", "grammes"], .mass(1))
        add(["kg", "kilo", "kilos", "kilogram", "kilograms"], .mass(1000))
        add(["mg", "milligram", "milligrams"], .mass(0.001))
        add(["oz", "ounce", "ounces"], .mass(28.349523125))
        add(["lb", "lbs", "pound", "pounds"], .mass(453.59237))
        add(["ml", "millilitre", "millilitres", "milliliter", "milliliters"], .volume(1))
        add(["cl", "centilitre", "centilitres", "centiliter", "centiliters"], .volume(10))
        add(["dl", "decilitre", "decilitres", "deciliter", "deciliters"], .volume(100))
        add(["l", "litre", "litres", "liter", "liters"], .volume(1000))
        add(["tsp", "tsps", "teaspoon", "teaspoons", "t"], .volume(teaspoon))
        add(["tbsp", "tbsps", "tbs", "tbl", "tablespoon", "tablespoons", "spoonful", "spoonfuls"], .volume(tablespoon))
        add(["cup", "cups", "c"], .volume(cup))
        add(["floz"], .volume(fluidOunce))
        add(["pint", "pints", "pt"], .volume(2 * cup))
        add(["quart", "quarts", "qt"], .volume(4 * cup))
        add(["gallon", "gallons", "gal"], .volume(16 * cup))
        add(["pinch", "pinches"], .volume(teaspoon / 16))
        add(["dash", "dashes"], .volume(teaspoon / 8))
        // Rough, as people say them: a splash of milk, a dollop of cream, a knob of butter.
        add(["splash", "splashes"], .volume(2 * tablespoon))
        add(["dollop", "dollops"], .volume(tablespoon))
        add(["knob", "knobs"], .mass(10))
        return units
    }()

    static let twoWordUnits: [String: Unit] = [
        "fl oz": .volume(fluidOunce), "fluid ounce": .volume(fluidOunce), "fluid ounces": .volume(fluidOunce)
    ]

    /// Things a food's portions count it in, singular.
    static let items: Set<String> = [
        "slice", "piece", "clove", "can", "tin", "jar", "bottle", "packet", "pack", "package", "bag", "box", "bunch", "handful",
        "sprig", "leaf", "leave", "stalk", "stick", "head", "fillet", "breast", "thigh", "drumstick", "wing", "rasher", "strip", "link",
        "scoop", "bowl", "glass", "mug", "serving", "portion", "bar", "square", "wedge", "sheet", "ear", "spear", "floret",
        "pat", "cube", "tub", "plate", "rasher", "drizzle", "shot", "pot", "container",
        "large", "medium", "small", "jumbo", "extra-large"
    ]

    /// What a food comes in, which says nothing after its weight or volume.
    static let containers: Set<String> = ["can", "tin", "jar", "bottle", "packet", "pack", "package", "bag", "box", "carton", "tub"]

    static let wordNumbers: [String: Double] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "hundred": 100,
        "half": 0.5, "quarter": 0.25, "third": 1.0 / 3, "couple": 2, "few": 3, "several": 3, "dozen": 12
    ]

    /// Words before an amount that only say it is rough: "about 200 g".
    static let roughly: Set<String> = ["about", "approximately", "approx", "approx.", "around", "roughly", "~", "ca", "ca."]

    static let trailingNotes: [[String]] = [["to", "taste"], ["as", "needed"], ["for", "garnish"], ["optional"], ["for", "serving"]]

    private static let fractions: [Character: String] = [
        "½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅕": "1/5", "⅖": "2/5", "⅗": "3/5", "⅘": "4/5",
        "⅙": "1/6", "⅚": "5/6", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8", "⅞": "7/8"
    ]

    /// Fractions as "1/2" words of their own, dashes as "-", "100g" as "100 g", "2x30g" as "2 x 30 g".
    static func normalised(_ line: String) -> String {
        var text = ""
        var previous: Character = " "
        for character in line {
            if let fraction = fractions[character] {
                text += " " + fraction + " "
            } else if character == "⁄" {
                text.append("/")
            } else if "–—‒-".contains(character), previous.isNumber || previous == " " {
                text += " - "
            } else if character == "x" || character == "×", previous.isASCII, previous.isNumber {
                text += " x "
            } else if character.isLetter, previous.isASCII, previous.isNumber {
                text += " " + String(character)
            } else {
                text.append(character)
            }
            previous = character
        }
        return text.replacingOccurrences(of: "fl. oz", with: "fl oz").replacingOccurrences(of: "fl.oz", with: "fl oz")
    }

    /// The first comma that ends the food and starts a note: not one inside a number ("1,5 kg").
    static func noteComma(in text: String) -> String.Index? {
        var previous: Character = " "
        for index in text.indices {
            let character = text[index]
            let next = text.index(after: index) < text.endIndex ? text[text.index(after: index)] : " "
            if character == ",", !(previous.isNumber && next.isNumber) { return index }
            previous = character
        }
        return nil
    }

    /// What is in brackets, taken out of `text`.
    static func bracketed(_ text: inout String) -> [String] {
        var found: [String] = []
        while let open = text.firstIndex(where: { $0 == "(" || $0 == "[" }),
            let close = text[open...].firstIndex(where: { $0 == ")" || $0 == "]" })
        {
            found.append(text[text.index(after: open)..<close].trimmingCharacters(in: .whitespaces))
            text.replaceSubrange(open...close, with: " ")
        }
        return found.filter { !$0.isEmpty }
    }

    /// Words split at spaces, with a full stop after a unit ("tbsp.", "oz.") dropped.
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).map { word in
            word.hasSuffix(".") && units[String(word.dropLast()).lowercased()] != nil ? String(word.dropLast()) : String(word)
        }
    }
}
