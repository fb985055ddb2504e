import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// A schema.org `Recipe` as recipe sites embed it in JSON-LD: on its own, in a list, inside
/// `@graph` or another thing's `mainEntity`, with `@type` a name or a list; instructions as text,
/// steps or `HowToSection`s of steps.
package struct SchemaRecipe: Sendable, Equatable {
    /// Pages read and placed at once, for everyone (the import's `reading` limit).
    static let readingsAtOnce = 2

    package var name: String
    /// As the page says it: "Serves 4-6", "12 cookies", "4".
    package var yield: String?
    /// Servings read from the yield: "Serves 4-6" is 4, "12 cookies" 12; nil when it says none.
    package var servings: Double?
    package var ingredients: [String]
    /// The steps, a section's name before its own ("For the sauce").
    package var steps: [String]
    package var image: URL?

    /// The most lines of either kind kept: no recipe has more, and a page is not trusted to stop.
    static let maxLines = 200
    static let maxLineLength = 500
    /// How deep in a block a recipe is looked for.
    static let maxDepth = 12

    /// The recipe in a page's bytes; nil when they are not a page, or it has none.
    package init?(html: Data, address: URL?) {
        guard let page = WebPage(html: html) else { return nil }
        self.init(page: page, address: address)
    }

    /// The first recipe on the page, with its image and address made absolute against `address`.
    init?(page: WebPage, address: URL?) {
        for block in page.jsonLD {
            guard let data = block.data(using: .utf8),
                let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
                let found = Self.firstRecipe(in: json, depth: 0), let recipe = SchemaRecipe(found, address: address)
            else { continue }
            self = recipe
            if image == nil, let image = page.image { self.image = Self.webAddress(image, relativeTo: address) }
            return
        }
        guard let recipe = SchemaRecipe(microdata: page.recipeMicrodata, address: address) else { return nil }
        self = recipe
        if image == nil, let image = page.image { self.image = Self.webAddress(image, relativeTo: address) }
    }

    /// The same recipe as microdata says it: one value per `itemprop`, the lists repeated.
    private init?(microdata: [(property: String, value: String)], address: URL?) {
        func values(_ names: Set<String>) -> [String] { microdata.filter { names.contains($0.property) }.map(\.value) }
        var json: [String: Any] = [:]
        json["name"] = values(["name"]).first
        json["recipeYield"] = values(["recipeYield", "yield"])
        json["recipeIngredient"] = values(["recipeIngredient", "ingredients"])
        json["recipeInstructions"] = values(["recipeInstructions", "text"])
        json["image"] = values(["image"]).first
        self.init(json, address: address)
    }

    private init?(_ json: [String: Any], address: URL?) {
        // Only the lines shown are read: a page of 100,000 ingredients costs what 200 do.
        let ingredients = Array(
            Self.strings(json["recipeIngredient"] ?? json["ingredients"]).lazy
                .map { Self.plainText(String($0.prefix(Self.maxLineLength * 4))) }.filter { !$0.isEmpty }.prefix(Self.maxLines)
                .map { String($0.prefix(Self.maxLineLength)) })
        let name = Self.plainText(String((Self.strings(json["name"]).first ?? "").prefix(Self.maxLineLength)))
        guard !ingredients.isEmpty || !name.isEmpty else { return nil }
        self.name = String(name.prefix(200))
        self.ingredients = ingredients
        var steps: [String] = []
        Self.steps(json["recipeInstructions"], depth: 0, into: &steps)
        self.steps = steps.map { String($0.prefix(Self.maxLineLength * 4)) }
        yield = Self.strings(json["recipeYield"] ?? json["yield"]).map(Self.plainText).first { !$0.isEmpty }
        servings = Self.strings(json["recipeYield"] ?? json["yield"]).lazy.compactMap(Self.servings).first
        image = Self.imageAddress(json["image"], depth: 0).flatMap { Self.webAddress($0, relativeTo: address) }
    }

    private static func firstRecipe(in json: Any, depth: Int) -> [String: Any]? {
        guard depth < maxDepth else { return nil }
        if let list = json as? [Any] { return list.lazy.compactMap { firstRecipe(in: $0, depth: depth + 1) }.first }
        guard let object = json as? [String: Any] else { return nil }
        if strings(object["@type"]).contains(where: { $0 == "Recipe" || $0.hasSuffix("/Recipe") }) { return object }
        for key in ["@graph", "mainEntity", "mainEntityOfPage", "itemListElement", "item"] {
            if let value = object[key], let found = firstRecipe(in: value, depth: depth + 1) { return found }
        }
        return nil
    }

    /// Text, numbers and lists of them as strings: `recipeYield` is "4", 4 or ["4", "4 servings"].
    private static func strings(_ value: Any?) -> [String] {
        switch value {
        case let text as String: [text]
        case let number as NSNumber: [formatQuantity(number.doubleValue)]
        case let list as [Any]: list.flatMap { strings($0) }
        default: []
        }
    }

    /// "Serves 4-6" is 4, "12 cookies" 12, "Makes 2 loaves" 2; the first number said.
    static func servings(_ yield: String) -> Double? {
        guard yield.contains(where: \.isNumber) else { return nil }
        let line = IngredientLine(
            yield.replacingOccurrences(of: "serves", with: "", options: .caseInsensitive)
                .replacingOccurrences(of: "makes", with: "", options: .caseInsensitive)
                .replacingOccurrences(of: "yield:", with: "", options: .caseInsensitive))
        guard let count = line.count?.lowerBound, count > 0, count <= 1000 else { return nil }
        return count
    }

    /// The steps in order into `steps`, stopping at `maxLines`: a page's lists are read no further.
    private static func steps(_ value: Any?, depth: Int, into steps: inout [String]) {
        guard depth < maxDepth, steps.count < maxLines else { return }
        switch value {
        case let text as String:
            for line in text.split(whereSeparator: \.isNewline) where steps.count < maxLines {
                let plain = plainText(String(line.prefix(maxLineLength * 8)))
                if !plain.isEmpty { steps.append(plain) }
            }
        case let list as [Any]:
            for item in list where steps.count < maxLines { Self.steps(item, depth: depth + 1, into: &steps) }
        case let object as [String: Any]:
            if object["itemListElement"] != nil {
                let name = plainText(strings(object["name"]).first ?? "")
                if !name.isEmpty { steps.append(name + ":") }
                Self.steps(object["itemListElement"], depth: depth + 1, into: &steps)
            } else {
                Self.steps(object["text"] ?? object["name"], depth: depth + 1, into: &steps)
            }
        default:
            break
        }
    }

    private static func imageAddress(_ value: Any?, depth: Int) -> String? {
        guard depth < maxDepth else { return nil }
        switch value {
        case let text as String: return text
        case let list as [Any]: return list.lazy.compactMap { imageAddress($0, depth: depth + 1) }.first
        case let object as [String: Any]: return imageAddress(object["url"] ?? object["contentUrl"], depth: depth + 1)
        default: return nil
        }
    }

    private static func webAddress(_ text: String, relativeTo base: URL?) -> URL? {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespaces), relativeTo: base)?.absoluteURL,
            OutboundHTTP.isWebAddress(url)
        else {
            return nil
        }
        return url
    }

    /// Pages put markup and entities in their JSON ("1 cup <b>flour</b>", "&frac12;"): text only.
    static func plainText(_ text: String) -> String {
        var text = text.replacing(/<[^>]{0,500}>/, with: " ")
        for (entity, character) in entities { text = text.replacingOccurrences(of: entity, with: character) }
        text = text.replacing(/&#(\d{1,7});/) { match in
            Int(match.1).flatMap { Unicode.Scalar($0) }.map { String(Character($0)) } ?? ""
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static let entities = [
        ("&nbsp;", " "), ("&frac12;", "½"), ("&frac14;", "¼"), ("&frac34;", "¾"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"),
        ("&lt;", "<"), ("&gt;", ">"), ("&deg;", "°"), ("&amp;", "&")
    ]
}
