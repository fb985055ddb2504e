import FoodDiaryBase
import Foundation
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryWeb

/// Text as people type it: accents written either way, joiners, `+` and `&` in searches.
@Suite struct TypedTextTests {
    static let decomposedE = "e\u{301}"

    @Test func cleaningKeepsWhatWasTypedButTrimsAndJoinsLines() {
        #expect(TypedText.clean("  Oat\u{0}\n bar\t ") == "Oat bar")
        #expect(TypedText.clean("می‌خواهم") == "می‌خواهم", "the zero-width non-joiner stays")
        #expect(TypedText.clean(" 👨‍👩‍👧 dinner ") == "👨‍👩‍👧 dinner", "the family emoji keeps its joiners")
        #expect(TypedText.length(String(repeating: Self.decomposedE, count: 31)) == 62, "counted as SQLite counts")
    }

    /// Names in plain ASCII are split by byte ranges, others by Unicode's letters and digits: the
    /// two must agree on every ASCII character, or a search would find a name typed one way only.
    @Test func wordsSplitTheSameWhetherOrNotTheTextIsASCII() {
        func unicodeSplit(_ text: String) -> [String] {
            text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
        }
        let everyASCII = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        for character in everyASCII {
            let text = "Ab\(character)9z\(character)\(character)Q"
            #expect(Words.split(text) == unicodeSplit(text), "\(text.debugDescription)")
        }
        #expect(Words.split("Mac & Cheese, 2% (NFS)") == ["mac", "cheese", "2", "nfs"])
        #expect(Words.split("Crème Brûlée, 2½ CUPS") == unicodeSplit("Crème Brûlée, 2½ CUPS"))
        #expect(Words.split("Crème Brûlée") == ["crème", "brûlée"])
    }

    /// A portion's name is its letters outside brackets ("1 medium (7\" to 7-7/8\" long)" is a
    /// medium): read byte by byte, they must agree with the regular expression and Unicode's
    /// letters they replaced.
    @Test func portionNamesAreTheLettersOutsideBrackets() {
        let labels = [
            "1 cup (8 fl oz)", "1 medium (7\" to 7-7/8\" long)", "1 pat (1\" sq, 1/3\" high)", "1 (unclosed", "a (b) c (d) e",
            ")(", "()", "1 container (6 oz) (170 g)", "2 Crème (x) BRÛLÉE", "1oz", "", "1 fl oz"
        ]
        for label in labels {
            #expect(Words.outsideBrackets(label) == label.replacing(/\([^)]*\)/, with: ""), "\(label.debugDescription)")
            #expect(Words.letterRuns(label) == label.lowercased().split { !$0.isLetter }.map(String.init), "\(label.debugDescription)")
        }
        let everyASCII = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        for character in everyASCII {
            let text = "Ab\(character)9z\(character)\(character)Q"
            #expect(Words.letterRuns(text) == text.lowercased().split { !$0.isLetter }.map(String.init), "\(text.debugDescription)")
        }
        #expect(Words.outsideBrackets("1 cup (8 fl oz)") == "1 cup ")
        #expect(Words.letterRuns("2 Crème (x) BRÛLÉE") == ["crème", "x", "brûlée"])
    }

    /// Forms and queries are decoded byte by byte: every combination of the pieces that make
    /// percent-encoding hard must read as Foundation reads it, a bad one refused as it refuses it.
    /// Bytes that are not UTF-8 are refused too, where Foundation refused some ("%C3") and made
    /// others a "�" ("%A9").
    @Test func formFieldsDecodeAsFoundationDoes() {
        let pieces = ["a", "+", "%", "2", "B", "f", "g", "%2", "%zz", "%2B", "%e2%82%ac", "%C3", "%A9", "%ff", "é", "%00", " "]
        var checked = 0
        for first in pieces {
            for second in pieces {
                for third in pieces {
                    let text = first + second + third
                    let foundation = text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
                    let expected = foundation?.unicodeScalars.contains("\u{FFFD}") == true ? nil : foundation
                    #expect(FormFields(urlEncoded: "x=" + text)?["x"] == expected, "\(text.debugDescription)")
                    checked += 1
                }
            }
        }
        #expect(checked == pieces.count * pieces.count * pieces.count)
        #expect(FormFields(urlEncoded: "q=mac+%26+cheese&n=%C3%A9")?["q"] == "mac & cheese")
        #expect(FormFields(urlEncoded: "q=mac+%26+cheese&n=%C3%A9")?["n"] == "é")
        #expect(FormFields(urlEncoded: "q=%FF") == nil)
        #expect(FormFields(urlEncoded: "q=a%A9") == nil)
    }

    /// 31 decomposed é are 31 characters but 62 code points: over the 60 a tag may have, in both
    /// the form's count and the database's, so the person is told instead of getting a 500.
    @Test func lengthsAreCheckedAsTheDatabaseChecksThem() async throws {
        try await TestEnvironment.withApp { (client, database) async throws -> Void in
            let tag = String(repeating: Self.decomposedE, count: 31)
            let response = try await client.postForm("/meals", [("eaten_at", "2026-03-09T12:30"), ("tags", tag)])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("keep each tag to 60"))
            let fits = String(repeating: Self.decomposedE, count: 30)
            #expect(try await client.postForm("/meals", [("eaten_at", "2026-03-09T12:30"), ("tags", fits)]).status == .seeOther)

            let id = try await database.addMeal("2026-03-09T13:00")
            let quick = try await client.postForm(
                "/meals/\(id)/foods/quick", [("name", String(repeating: Self.decomposedE, count: 101)), ("energy_kcal", "100")])
            #expect(quick.status == .unprocessableContent)
            let place = try await client.postForm(
                "/meals", [("eaten_at", "2026-03-09T12:30"), ("location_source", "typed"), ("latitude", "51.5"), ("longitude", "-0.12")])
            #expect(place.status == .seeOther)
            let placeID = try #require(try await database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM place") })
            let rename = try await client.postForm("/places/\(placeID)", [("name", String(repeating: Self.decomposedE, count: 101))])
            #expect(rename.status == .unprocessableContent)
            let recipe = try await client.postForm(
                "/recipes", [("name", String(repeating: Self.decomposedE, count: 101)), ("servings", "2")])
            #expect(recipe.status == .unprocessableContent)
            let food = try await client.postForm(
                "/my-foods",
                [
                    ("name", "Bar"), ("serving_grams", "40"), ("energy_kcal", "200"),
                    ("serving_label", String(repeating: Self.decomposedE, count: 31))
                ])
            #expect(food.status == .unprocessableContent)
        }
    }

    @Test func joinersSurviveTheRoundTrip() async throws {
        try await TestEnvironment.withApp { (client, database) async throws -> Void in
            #expect(try await client.postForm("/meals", [("eaten_at", "2026-03-09T12:30"), ("tags", "می‌خواهم, 👨‍👩‍👧")]).status == .seeOther)
            let tags = try await database.read { db in try String.fetchAll(db, sql: "SELECT name FROM tag ORDER BY id") }
            #expect(tags == ["می‌خواهم", "👨‍👩‍👧"])
        }
    }

    /// GET forms send spaces as `+` and `&` as `%26`; every search box reads them as typed.
    @Test func searchBoxesReadQueriesAsBrowsersSendThem() async throws {
        try await TestEnvironment.withFixtureApp { (client, database) async throws -> Void in
            let foods = try await client.get("/foods?q=raw+bananas").text
            #expect(foods.contains("value=\"raw bananas\""))
            #expect(foods.contains("Bananas, raw"))
            #expect(try await client.get("/foods?q=mac+%26+cheese").text.contains("value=\"mac &amp; cheese\""))
            try await client.postForm("/meals", [("eaten_at", "2026-03-09T12:30"), ("tags", "after work")])
            let tags = try await client.get("/tags?q=after+work").text
            #expect(tags.contains("After work"))
            let id = try await database.addMeal("2026-03-09T13:00")
            #expect(try await client.get("/meals/\(id)/foods/new?q=raw+bananas").text.contains("Bananas, raw"))
            let api = try await client.get("/api/foods/search?q=raw+bananas").text
            #expect(api.contains("Bananas, raw"))
            #expect(try await client.get("/foods?q=%FF").status == .badRequest)
        }
    }
}
