import FoodDiaryBase
import Foundation

/// How the catalog decides which food a person most likely means. Measured against the relevance
/// set in the tests (hit@3); change a weight only with that figure in hand.
package enum SearchRanking {
    /// bm25 column weights for `food_search`: head (before the first comma), rest, common name, manufacturer.
    static let columnWeights = "10.0, 2.0, 3.0, 1.0"
    /// bm25 column weights for `branded_search`: head (the product and its brand), rest, category,
    /// and its unindexed food id, which no phrase is ever found in.
    static let brandedColumnWeights = "10.0, 2.0, 1.0, 1.0"
    /// Subtracted when every word naming the food itself was asked for ("Yogurt, plain" for "yogurt").
    static let coreCoveredBonus = 2.0

    /// Subtracted when the food's whole name is what was typed ("Bagel" for "bagel", "Sour cream,
    /// NFS" for "sour cream"): the phrase beats the foods that merely contain it.
    static let exactNameBonus = 6.0

    /// What ranking reads of a food's name for any query, read once: the generic foods keep
    /// theirs in memory, and a search reranks a hundred rows or more.
    struct RankedName: Sendable {
        let coreTerms: [String]
        package let words: NameWords
        /// Its words' singulars, each once, without "NFS", when read ahead; else they are read
        /// only for a query as long as the name.
        let singulars: [String]?
        package let byteCount: Int

        static let longestReadAhead = 80

        /// `coreTerms`: as the catalog keeps them, separated by spaces. `readingAhead`: whether
        /// to read its words now, for a name kept for many searches.
        package init(description: String, coreTerms: String, readingAhead: Bool) {
            self.coreTerms = coreTerms.split(separator: " ").map(String.init)
            words = NameWords(description)
            byteCount = description.utf8.count
            singulars = readingAhead && byteCount <= Self.longestReadAhead ? Self.singulars(description) : nil
        }

        private static func singulars(_ description: String) -> [String] {
            var named: [String] = []
            for word in Words.split(description) where word != "nfs" {
                let singular = Words.singular(word)
                if !named.contains(singular) { named.append(singular) }
            }
            return named
        }

        /// Whether the food's whole name is what was typed.
        func isNamedExactly(_ description: String, by queryTerms: Set<String>) -> Bool {
            // Most candidates are far longer than what was typed (plurals, ", NFS" and commas fit).
            let longest = queryTerms.reduce(0) { $0 + $1.utf8.count + 4 } + 6
            guard byteCount <= longest else { return false }
            let named = singulars ?? Self.singulars(description)
            return !named.isEmpty && named.count == queryTerms.count && named.allSatisfy(queryTerms.contains)
        }

        /// Whether every word naming the food itself was asked for.
        func isCoreCovered(by queryTerms: Set<String>) -> Bool {
            !coreTerms.isEmpty && coreTerms.allSatisfy(queryTerms.contains)
        }
    }

    /// A candidate's bm25 and prior with what the query adds: the bonuses for its name and for
    /// the person having logged it, and the penalties for a variant nobody asked for.
    static func reranked(
        _ score: Double, _ name: RankedName, description: String, queryTerms: Set<String>, query: QueryWords,
        timesLogged: Int?
    ) -> Double {
        score - (name.isCoreCovered(by: queryTerms) ? coreCoveredBonus : 0)
            - (name.isNamedExactly(description, by: queryTerms) ? exactNameBonus : 0) - loggedBonus(times: timesLogged ?? 0)
            // Having logged a food asks for it as plainly as typing its variant would.
            + (timesLogged == nil ? queryPenalty(name.words, query: query) : 0)
    }

    /// Subtracted for a food the person has logged before, a little more the more often (up to 4
    /// times): what someone eats is likelier what they mean, without burying a better match.
    static func loggedBonus(times: Int) -> Double {
        times <= 0 ? 0 : 2.5 + 0.5 * log2(Double(min(times, 4)))
    }

    /// Added to a food whose name carries a variant nobody asked for: "bacon" means pork bacon, not
    /// meatless, low-sodium or light bacon, "white rice" is not glutinous and "rice" is white, unless those words were typed.
    static let unaskedVariantPenalty = 3.0
    /// Added to the raw, dry or canned form of a food eaten cooked fresh, unless that form was typed.
    static let uncookedPenalty = 2.5
    /// Subtracted from a form named "cooked" of such a food: the generic cooked food before a dish
    /// ("Chicken breast, rotisserie") that merely is cooked.
    static let cookedBonus = 1.5

    /// Foods nobody eats raw: a cooked form comes before the raw one, which SR28 often lists first
    /// ("Rice, brown, long-grain, raw", "Pork, cured, bacon, unprepared"). Meat is left out: its raw weight is what a
    /// recipe or a label gives. Bacon and the fish people cook whole are in: "salmon" on a diary is
    /// the cooked fillet, not a can's whole contents or the raw fish.
    static let eatenCooked: Set<String> = [
        "rice", "chicken", "pasta", "spaghetti", "macaroni", "noodle", "bean", "lentil", "quinoa", "chickpea", "barley", "couscous",
        "bulgur",
        "bacon", "salmon", "cod", "tilapia", "halibut", "trout", "shrimp"
    ]

    /// What a query adds to a food's score for the words of its name: a variant nobody asked for,
    /// or the raw form of a food eaten cooked. A search reranks a hundred rows or more, so a name is
    /// read byte by byte, without making a string of each word.
    static func queryPenalty(_ name: NameWords, query: QueryWords) -> Double {
        var penalty = name.variants & ~query.variants != 0 ? unaskedVariantPenalty : 0
        if query.wantsCooked {
            if name.isUncooked || name.isCanned { penalty += uncookedPenalty } else if name.isCooked { penalty -= cookedBonus }
        }
        if query.wantsMadeFresh, name.isCanned || name.isBottled || name.isUncooked { penalty += uncookedPenalty }
        // "skim milk" is the milk, not the dry milk that makes it; canned coconut milk stays.
        if query.wantsFluid, name.isDry { penalty += uncookedPenalty }
        // "lemonade" is the drink, "tomato soup" the soup, before the concentrate that makes them.
        if name.isSoldToMake, !name.isMade, !query.asksForWhatMakesIt { penalty += uncookedPenalty }
        return penalty
    }

    /// Drinks made fresh: "latte" is one from the café or the kitchen before a can or a bottle of
    /// one, and "coffee with milk" the brewed coffee, unless "canned", "bottled" or "ready" is typed.
    static let madeFresh: Set<String> = ["coffee", "latte", "cappuccino", "espresso", "mocha", "macchiato", "americano", "tea", "chai"]

    /// The variants a query asks for, and whether it names a food eaten cooked without "raw" or
    /// "dry", or a drink made fresh without "canned" or "bottled".
    struct QueryWords {
        package let variants: UInt32
        let wantsCooked: Bool
        let wantsMadeFresh: Bool
        /// "milk" without "dry" or "powder".
        let wantsFluid: Bool
        /// "orange juice concentrate", "milk powder": the product that makes the food.
        let asksForWhatMakesIt: Bool

        package init(_ terms: Set<String>) {
            let words = Set(terms.compactMap { NameWords.word($0) })
            variants = NameWords.variants.enumerated().reduce(0) { mask, variant in
                variant.element.allSatisfy(words.contains) ? mask | (1 << variant.offset) : mask
            }
            wantsCooked = !terms.isDisjoint(with: eatenCooked) && words.isDisjoint(with: NameWords.notCookedFresh)
            wantsMadeFresh = !terms.isDisjoint(with: madeFresh) && words.isDisjoint(with: NameWords.notMadeFresh)
            asksForWhatMakesIt = !words.isDisjoint(with: NameWords.soldToMake)
            wantsFluid = terms.contains("milk") && !words.contains(.dry) && !asksForWhatMakesIt
        }
    }

    /// The words of a food's name that change how it ranks.
    struct NameWords {
        enum Word: Hashable {
            case meatless, imitation, substitute, vegetarian, low, reduced, sodium, fat, free, nonfat, light, lite, sugar,
                calorie, raw, dry, uncooked, unprepared, cooked, glutinous, canned, smoked, brown, non, dairy, nondairy,
                bottled, ready, concentrate, concentrated, condensed, evaporated, powder, powdered, undiluted, dehydrated, prepared,
                reconstituted, diluted
        }
        /// One or two words in a row; their index is their bit.
        package static let variants: [[Word]] = [
            [.meatless], [.imitation], [.substitute], [.vegetarian], [.nonfat], [.light], [.lite], [.low, .sodium], [.reduced, .sodium],
            [.low, .fat], [.reduced, .fat], [.fat, .free], [.sugar, .free], [.low, .calorie], [.glutinous], [.brown],
            [.non, .dairy], [.nondairy]
        ]
        static let uncooked: Set<Word> = [.raw, .dry, .uncooked, .unprepared]
        /// Forms that are not the food cooked fresh; typing one of them, or "raw", asks for that form.
        static let notCookedFresh: Set<Word> = uncooked.union([.canned, .smoked])
        /// Forms of a drink not made fresh; typing one asks for it.
        static let notMadeFresh: Set<Word> = uncooked.union([.canned, .bottled, .ready])
        /// A product sold to make the food: a concentrate, a condensed soup, a powder.
        static let soldToMake: Set<Word> = [
            .concentrate, .concentrated, .condensed, .evaporated, .powder, .powdered, .undiluted, .dehydrated
        ]
        private static let spelled: [String: Word] = [
            "meatless": .meatless, "imitation": .imitation, "substitute": .substitute, "vegetarian": .vegetarian, "low": .low,
            "reduced": .reduced, "sodium": .sodium, "fat": .fat, "free": .free, "nonfat": .nonfat, "light": .light, "lite": .lite,
            "sugar": .sugar, "calorie": .calorie, "calories": .calorie, "calory": .calorie, "raw": .raw, "dry": .dry,
            "uncooked": .uncooked, "unprepared": .unprepared, "cooked": .cooked, "glutinous": .glutinous, "canned": .canned,
            "smoked": .smoked, "brown": .brown,
            "non": .non, "dairy": .dairy, "nondairy": .nondairy, "bottled": .bottled, "ready": .ready, "concentrate": .concentrate,
            "concentrated": .concentrated, "condensed": .condensed, "evaporated": .evaporated, "powder": .powder, "powdered": .powdered,
            "undiluted": .undiluted,
            "dehydrated": .dehydrated, "prepared": .prepared, "reconstituted": .reconstituted, "diluted": .diluted
        ]
        /// The same words by a hash of their lowercase bytes, for reading names without strings.
        private static let hashed: [UInt64: Word] = Dictionary(uniqueKeysWithValues: spelled.map { (hash(Array($0.key.utf8)), $0.value) })

        package static func word(_ text: String) -> Word? { spelled[text] }

        private static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
            bytes.reduce(14_695_981_039_346_656_037) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        }

        private(set) var variants: UInt32 = 0
        private(set) var isUncooked = false
        private(set) var isCooked = false
        /// Canned or smoked: kept, not cooked fresh.
        private(set) var isCanned = false
        /// Bottled or ready to drink: a drink not made fresh.
        private(set) var isBottled = false
        /// A concentrate, a condensed soup, a powder: what makes the food.
        private(set) var isSoldToMake = false
        /// Prepared, reconstituted or diluted: the food made from it.
        private(set) var isMade = false
        /// Named "dry": dry milk, a dry mix.
        private(set) var isDry = false

        package init(_ description: String) {
            var previous: Word?
            var hash: UInt64 = 14_695_981_039_346_656_037, length = 0
            func endWord(_ name: inout NameWords) {
                defer { hash = 14_695_981_039_346_656_037; length = 0 }
                guard length > 0 else { return }
                let word = length <= 12 ? Self.hashed[hash] : nil
                if let word {
                    if Self.uncooked.contains(word) { name.isUncooked = true }
                    if word == .cooked { name.isCooked = true }
                    if word == .canned || word == .smoked { name.isCanned = true }
                    if word == .bottled || word == .ready { name.isBottled = true }
                    if Self.soldToMake.contains(word) { name.isSoldToMake = true }
                    if word == .prepared || word == .reconstituted || word == .diluted { name.isMade = true }
                    if word == .dry { name.isDry = true }
                    for (bit, variant) in Self.variants.enumerated()
                    where variant.last == word && (variant.count == 1 || variant.first == previous) {
                        name.variants |= 1 << bit
                    }
                }
                previous = word
            }
            for byte in description.utf8 {
                let lower = byte >= 65 && byte <= 90 ? byte + 32 : byte
                if (lower >= 97 && lower <= 122) || (lower >= 48 && lower <= 57) {
                    hash = (hash ^ UInt64(lower)) &* 1_099_511_628_211
                    length += 1
                } else {
                    endWord(&self)
                }
            }
            endWord(&self)
        }
    }

    /// Groups whose foods are rarely what an unqualified query means.
    static let groupPenalty: [String: Double] = [
        "0300": 3, "2100": 3, "3600": 3, "3500": 4, "2200": 2, "0600": 1.5, "0700": 1.5, "2500": 1, "1900": 0.5
    ]
    /// FoodData Central categories, by how their names begin, whose foods are rarely what an
    /// unqualified query means: "cola" is a soft drink before it is rum and cola.
    static let categoryPenalty: [(prefix: String, penalty: Double)] = [
        ("Baby food", 3), ("Baby juice", 3), ("Baby water", 3), ("Formula", 3), ("Liquor and cocktails", 3),
        ("Not included in a food category", 1)
    ]
    /// First segments that classify rather than name: in "Fish, salmon, Atlantic" the food is salmon.
    static let classifierHeads: Set<String> = [
        "beverages", "alcoholic beverage", "cereals", "fish", "nuts", "spices", "oil", "crustaceans",
        "mollusks", "seeds", "babyfood", "candies"
    ]
    static let basicForm = try! NSRegularExpression(
        pattern: #"\b(raw|plain|whole|brewed)\b|, NFS$|\bNS as to\b"#, options: .caseInsensitive)
    /// Added to FoodData Central's survey and Foundation foods: SR28's generic foods, whose priors
    /// carry how common they are (their household measures), come first where both name a food;
    /// the survey's dishes fill what SR28 lacks ("latte", "sushi", "pad thai").
    static let foodDataCentralOffset = 4.0
    /// Added to the branded foods: where one ranks beside generic foods (a brand was named), the
    /// generic food it names still comes first.
    static let brandedOffset = 8.0
    static let processedForm = try! NSRegularExpression(
        pattern:
            #"imitation|meatless|dried|powder|dehydrated|low sodium|substitute|\bmix\b|breaded|tenders|deli|prepackaged|made with tofu"#,
        options: .caseInsensitive)
    static let brandLike = try! NSRegularExpression(pattern: #"[A-Z]{3,}"#)

    /// Query-independent score; lower ranks higher.
    package static func prior(
        description: String, manufacturer: String?, groupCode: String, inSurvey: Bool, portionCount: Int,
        category: String? = nil
    ) -> Double {
        var prior = groupPenalty[groupCode] ?? 0
        if let category { prior += categoryPenalty.first { category.hasPrefix($0.prefix) }?.penalty ?? 0 }
        // FNDDS writes "NFS" (not further specified) in capitals: the generic form, not a brand.
        if manufacturer != nil || matches(brandLike, description.replacingOccurrences(of: "NFS", with: "")) { prior += 2 }
        if inSurvey { prior -= 1 }
        if matches(basicForm, description) { prior -= 0.7 }
        if matches(processedForm, description) { prior += 1 }
        prior += 0.1 * Double(description.filter { $0 == "," }.count)
        prior -= 0.25 * Double(min(portionCount, 6))
        return prior
    }

    /// Query-independent score of a branded food; lower ranks higher. Every branded name shouts and
    /// names a brand, so neither counts: the plainer product (fewer words, no pack counts) is the
    /// likelier meaning of a word thousands of products share, and one whose label gave no
    /// energy is little use in a diary.
    package static func brandedPrior(description: String, category: String, hasEnergy: Bool = true) -> Double {
        var prior = brandedOffset + (categoryPenalty.first { category.hasPrefix($0.prefix) }?.penalty ?? 0)
        if !hasEnergy { prior += 1.5 }
        if matches(basicForm, description) { prior -= 0.7 }
        if matches(processedForm, description) { prior += 1 }
        if description.contains(where: \.isNumber) { prior += 0.5 }
        prior += 0.1 * Double(description.filter { $0 == "," }.count)
        prior += 0.15 * Double(Words.split(description).count)
        return prior
    }

    /// The two columns a description is indexed in: before its first comma, which names the food
    /// and weighs most, and the rest.
    static func headAndRest(_ description: String) -> (head: String, rest: String) {
        let parts = description.split(separator: ",", maxSplits: 1)
        return (parts.first.map(String.init) ?? "", parts.count > 1 ? String(parts[1]) : "")
    }

    /// The words that name the food itself, normalised as `Words.singular` does for queries.
    static func coreTerms(description: String) -> [String] {
        let segments = description.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = segments.first else { return [] }
        let core = classifierHeads.contains(first.lowercased()) && segments.count > 1 ? segments[1] : first
        return Words.split(core).map(Words.singular)
    }

    private static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
