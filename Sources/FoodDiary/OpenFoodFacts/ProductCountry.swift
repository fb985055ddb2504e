import FoodDiaryBase
import Foundation

/// Where the person shops: Open Food Facts' searches ask for products sold there, and it decides
/// whose online results come first (FoodData Central's US products, or Open Food Facts').
struct ProductCountry: Sendable, Equatable {
    /// ISO 3166-1 alpha-2, as a browser's language tag names a region.
    let code: String
    let name: String

    /// Its name in the request's language: "Deutschland", "Alemania".
    var shownName: String { RequestConventions.current.language.regionName(code, english: name) }

    /// Open Food Facts' tag for it: its English name, lowercased and hyphenated ("en:united-kingdom").
    var tag: String { "en:" + name.lowercased().replacingOccurrences(of: " ", with: "-") }

    /// FoodData Central's branded foods are US products.
    var isUnitedStates: Bool { code == "US" }

    /// Stored for a person who wants products from everywhere, as a choice and not a guess.
    static let anywhere = "any"

    /// The person's choice if they made one, else their browser's guess; nil means everywhere.
    static func current(chosen: String?, acceptLanguage: String?) -> ProductCountry? {
        chosen == anywhere ? nil : named(chosen) ?? guessed(acceptLanguage: acceptLanguage)
    }

    static func named(_ code: String?) -> ProductCountry? {
        guard let code else { return nil }
        return all.first { $0.code == code.uppercased() }
    }

    /// The region of the browser's first language whose region the list has ("en-GB" → GB), for a
    /// person who has not chosen.
    static func guessed(acceptLanguage: String?) -> ProductCountry? {
        for tag in (acceptLanguage ?? "").split(separator: ",") {
            let subtags = tag.split(separator: ";")[0].trimmingCharacters(in: .whitespaces).split(separator: "-")
            if let region = subtags.dropFirst().first(where: { $0.count == 2 }), let country = named(String(region)) { return country }
        }
        return nil
    }

    /// The countries with most products on Open Food Facts, by English name.
    static let all: [ProductCountry] = [
        ("AR", "Argentina"), ("AU", "Australia"), ("AT", "Austria"), ("BE", "Belgium"), ("BR", "Brazil"), ("BG", "Bulgaria"),
        ("CA", "Canada"), ("CL", "Chile"), ("CN", "China"), ("CO", "Colombia"), ("HR", "Croatia"), ("CZ", "Czech Republic"),
        ("DK", "Denmark"), ("FI", "Finland"), ("FR", "France"), ("DE", "Germany"), ("GR", "Greece"), ("HU", "Hungary"),
        ("IN", "India"), ("ID", "Indonesia"), ("IE", "Ireland"), ("IL", "Israel"), ("IT", "Italy"), ("JP", "Japan"),
        ("LU", "Luxembourg"), ("MY", "Malaysia"), ("MX", "Mexico"), ("MA", "Morocco"), ("NL", "Netherlands"), ("NZ", "New Zealand"),
        ("NO", "Norway"), ("PE", "Peru"), ("PH", "Philippines"), ("PL", "Poland"), ("PT", "Portugal"), ("RO", "Romania"),
        ("RU", "Russia"), ("SA", "Saudi Arabia"), ("RS", "Serbia"), ("SG", "Singapore"), ("SK", "Slovakia"), ("SI", "Slovenia"),
        ("ZA", "South Africa"), ("KR", "South Korea"), ("ES", "Spain"), ("SE", "Sweden"), ("CH", "Switzerland"), ("TH", "Thailand"),
        ("TN", "Tunisia"), ("TR", "Turkey"), ("UA", "Ukraine"), ("AE", "United Arab Emirates"), ("GB", "United Kingdom"),
        ("US", "United States"), ("VN", "Vietnam")
    ].map { ProductCountry(code: $0.0, name: $0.1) }
}
