import Foundation

/// What a food's name says it is sold as, when that is not how it is had: a powder, granules or a
/// dry mix that makes a drink, a soup or a pudding; a concentrate that is diluted first. Such a
/// product takes a spoon, a scoop or what makes one serving, never the cup its drink takes:
/// "Beverages, coffee, instant, regular, powder" is a teaspoon, not 240 g (847 kcal).
package enum ProductForm: Sendable, Equatable {
    case dry
    case concentrate

    /// The form `description` names, or nil for a food as it is had: "Coffee, instant,
    /// reconstituted", "Orange juice, includes from concentrate", "Pudding, made from dry mix".
    package static func of(_ description: String) -> ProductForm? {
        known.value(description) { reading(description) }
    }

    /// The form `description` names, or that its energy gives away: a food of a watery kind (a
    /// drink, a fruit) more than twice as dense as the densest of its kind as had is sold as what
    /// makes it, whatever its name leaves out ("Beverages, coffee, instant, mocha, sweetened", 460
    /// kcal per 100 g, against a frozen coffee drink's 83). Grains are not read so: their name
    /// says "dry" or "raw", and a dense dish of them is still the dish.
    package static func of(_ description: String, kcalPer100g: Double?, kind: CustomaryServing?) -> ProductForm? {
        if let named = of(description) { return named }
        guard let kcalPer100g, let densest = kind?.densest, densest <= wateryKinds, kcalPer100g > 2 * densest,
            !said(description, madeWords)
        else { return nil }
        return .dry
    }

    /// The most energy, kcal per 100 g, of the densest food of a kind whose foods are mostly water.
    private static let wateryKinds = 100.0

    private static func said(_ description: String, _ words: Set<String>) -> Bool { !Set(Words.split(description)).isDisjoint(with: words) }

    private static let known = ServerMemo<String, ProductForm?>(most: 100_000)

    private static func reading(_ description: String) -> ProductForm? {
        let words = Words.split(description)
        let said = Set(words)
        // "not reconstituted", "not diluted": the form as sold, however else the name reads.
        let notMade = zip(words, words.dropFirst()).contains { $0 == "not" && madeWords.contains($1) }
        guard notMade || said.isDisjoint(with: madeWords) else { return nil }
        if !said.isDisjoint(with: concentrateWords) { return .concentrate }
        if !said.isDisjoint(with: dryWords) || notMade { return .dry }
        // "Cake, yellow, dry mix", "Soup, onion, dry, mix", "HOT COCOA MIX": a mix of what is made
        // from it, not a mixture that is eaten ("Snack mix", "Trail mix", "Margarita mix").
        if said.contains("mix") && (said.contains("dry") || !said.isDisjoint(with: mixes)) { return .dry }
        return nil
    }

    /// The food's own portion that makes one serving, as USDA weighs it ("1 portion, amount to make
    /// 1/2 cup") or as it is sold ("1 scoop", "1 envelope (1 tbsp)"), up to `most` grams.
    package static func makingPortion(_ portions: [Portion], most: Double) -> Portion? {
        // One of it: "3 scoop" of a whey powder is three servings.
        let fitting = portions.filter { $0.grams > 0 && $0.grams <= most && ($0.label.hasPrefix("1 ") || $0.label.first?.isLetter == true) }
        return fitting.first { $0.label.contains("amount to make") || $0.label.contains("makes") }
            ?? fitting.first { portion in Words.letterRuns(portion.label).first.map(soldIn.contains) ?? false }
    }

    /// What a powder or mix comes in, one serving each.
    private static let soldIn: Set<String> = ["scoop", "envelope", "packet", "sachet", "cube", "pouch"]

    /// Words that say the food is already what is had: made from the product, or as it comes.
    static let madeWords: Set<String> = ["prepared", "reconstituted", "diluted", "made", "from", "ready", "rtd", "brewed", "cooked"]
    private static let dryWords: Set<String> = ["powder", "powdered", "powders", "granules", "crystals", "dehydrated"]
    private static let concentrateWords: Set<String> = ["concentrate", "concentrated", "undiluted", "condensed", "evaporated"]
    /// What a dry mix makes, where its name says "mix" but not "dry".
    private static let mixes: Set<String> = [
        "cocoa", "chocolate", "drink", "beverage", "lemonade", "tea", "coffee", "cappuccino", "latte", "cake", "brownie", "pancake",
        "waffle", "muffin", "biscuit", "cornbread", "cookie", "baking", "gravy", "sauce", "seasoning", "soup", "dip", "pudding",
        "gelatin", "frosting", "stuffing", "batter", "breading", "shake", "smoothie", "milkshake"
    ]
}
