import FoodDiaryBase
import Foundation
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryStorage
import FoodDiaryWeb

/// Issue 79: the pages in the household's language. Catalogues are gettext's; the pseudo-language
/// (`en-XA`) accents every letter it translates, so a page read in it shows each English word
/// nobody put through a catalogue.
@Suite struct TranslationTests {
    @Test func aCatalogueIsReadAsGettextWritesIt() throws {
        let catalogue = try PortableObject(
            parsing: #"""
                # A translator's note
                msgid ""
                msgstr ""
                "Language: pl\n"
                "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

                #: Templates/layout.mustache
                msgid "Today"
                msgstr "Dziś"

                msgctxt "month"
                msgid "May"
                msgstr "maj"

                msgid "{1} meal"
                msgid_plural "{1} meals"
                msgstr[0] "{1} posiłek"
                msgstr[1] "{1} posiłki"
                msgstr[2] "{1} posiłków"

                #, fuzzy
                msgid "Saved"
                msgstr "Zapisane?"

                msgid "Say \"hi\"\n"
                "on two lines"
                msgstr "Powiedz \"cześć\"\n"
                "w dwóch liniach"

                #~ msgid "Gone"
                #~ msgstr "Nie ma"
                """#)
        #expect(catalogue.header["Language"] == "pl")
        #expect(catalogue.entries.count == 5)
        let polish = try Language(catalogue: catalogue)
        #expect(polish.translation(of: "Today") == "Dziś")
        #expect(polish.translation(of: "May") == nil, "without its context, May is another message")
        #expect(polish.translation(of: "May", context: "month") == "maj")
        #expect(polish.translation(of: "Saved") == nil, "a fuzzy translation is a guess: the English shows")
        #expect(polish.translation(of: "Say \"hi\"\non two lines") == "Powiedz \"cześć\"\nw dwóch liniach")
        let forms = [1, 2, 4, 5, 12, 22, 25, 101].map { polish.translation(of: "{1} meal", plural: "{1} meals", count: $0) }
        #expect(
            forms == [
                "{1} posiłek", "{1} posiłki", "{1} posiłki", "{1} posiłków", "{1} posiłków", "{1} posiłki", "{1} posiłków", "{1} posiłków"
            ])
        #expect(throws: PortableObject.Failure.self) { try PortableObject(parsing: "msgid \"unterminated\nmsgstr \"\"") }
        #expect(throws: PluralRule.Failure.self) { try PluralRule(header: "nplurals=2; plural=(n != 1") }
    }

    /// The catalogues are read once per process (`FolderMemo`); a catalogue edited on disk is a new
    /// reading, not the one kept.
    @Test func aCatalogueChangedOnDiskIsReadAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalogues-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func write(_ today: String) throws {
            let text = "msgid \"\"\nmsgstr \"\"\n\"Language: pl\\n\"\n\nmsgid \"Today\"\nmsgstr \"\(today)\"\n"
            try text.write(toFile: folder + "/pl.po", atomically: true, encoding: .utf8)
        }
        try write("Dziś")
        let first = try Languages(directory: folder)
        #expect(first.named("pl")?.translation(of: "Today") == "Dziś")
        #expect(try Languages(directory: folder).named("pl") === first.named("pl"), "unchanged files: the same reading")
        try write("Dzisiaj")
        #expect(try Languages(directory: folder).named("pl")?.translation(of: "Today") == "Dzisiaj")
    }

    @Test func theBrowsersFirstLanguageWeHaveIsChosen() {
        let german = Language.pseudoNamed("de"), spanish = Language.pseudoNamed("es")
        let languages = Languages([german, spanish])
        #expect(languages.preferred(acceptLanguage: "de-AT,de;q=0.9,en;q=0.8") == german, "a region we lack falls back to its language")
        #expect(languages.preferred(acceptLanguage: "fr-FR,fr;q=0.9,es;q=0.8,en;q=0.5") == spanish, "French is not had; Spanish comes next")
        #expect(languages.preferred(acceptLanguage: "en;q=0.4, es;q=0.7") == spanish, "by weight, not by order")
        #expect(languages.preferred(acceptLanguage: "es;q=0, de;q=0.1") == german, "q=0 means not this one")
        #expect(languages.preferred(acceptLanguage: "ja") == .english)
        #expect(languages.preferred(acceptLanguage: nil) == .english)
        #expect(languages.preferred(acceptLanguage: ";;,=,q=,*") == .english)
    }

    @Test func aMessagePutsItsValuesWhereTheTranslationDoes() {
        let plain = RequestConventions.stored
        #expect(plain.bound { tr("Added \(3) foods to \("Lunch").") } == "Added 3 foods to Lunch.")
        #expect(plain.bound { tr(one: "\(1) meal", other: "\(1) meals", count: 1) } == "1 meal")
        #expect(plain.bound { tr(one: "\(2) meal", other: "\(2) meals", count: 2) } == "2 meals")
        let pseudo = RequestConventions(acceptLanguage: "en-XA", language: .pseudo)
        #expect(
            pseudo.bound { tr("Added \("Tea") to {lunch}") } == "Àďďéď Tea ţö {lunch}",
            "values are not translated; braces that are no placeholder stay")
    }

    @Test func aTranslationThatWouldPrintAValueUnescapedIsRefused() throws {
        let templates = [
            "page": "<p>{{#t}}Hello {{name}}{{/t}}</p>\n<p>{{#t}} Say\n  {{name}} {{/t}}</p>",
            "sneaky": "<p>{{#t}}Hi {{name}}{{/t}}</p>"
        ]
        let catalogue = try PortableObject(
            parsing: """
                msgid ""
                msgstr "Language: de\\n"

                msgid "Hello {{name}}"
                msgstr "Hallo {{name}}"

                msgid "Say {{name}}"
                msgstr "Sag {{name}}"

                msgid "Hi {{name}}"
                msgstr "Hi {{{name}}}"
                """)
        let german = try Language(catalogue: catalogue)
        let library = try TemplateLibrary(templates: templates.mapValues { try TemplateParser.parse($0) }, languages: Languages([german]))
        let view = NameView(name: "<b>Kim</b>")
        let inGerman = RequestConventions(acceptLanguage: "de", language: german)
        let page = inGerman.bound { library.render(view, template: "page").map { String(buffer: $0) } }
        #expect(
            page == "<p>Hallo &lt;b&gt;Kim&lt;/b&gt;</p>\n<p> Sag &lt;b&gt;Kim&lt;/b&gt; </p>", "the white space around the words stays")
        let sneaky = inGerman.bound { library.render(view, template: "sneaky").map { String(buffer: $0) } }
        #expect(sneaky == "<p>Hi &lt;b&gt;Kim&lt;/b&gt;</p>", "the English, escaped, not the translation's {{{name}}}")
        let english = library.render(view, template: "page").map { String(buffer: $0) }
        #expect(
            english == "<p>Hello &lt;b&gt;Kim&lt;/b&gt;</p>\n<p> Say\n  &lt;b&gt;Kim&lt;/b&gt; </p>", "English is the template as written")
        #expect(throws: TemplateLibrary.LoadFailure.self) {
            try TemplateLibrary(templates: ["bad": TemplateParser.parse("{{#t}}Hi {{#name}}you{{/name}}{{/t}}")])
        }
    }

    /// The pages issue 79 names, in the pseudo-language: not one English word of ours is left.
    @Test func todayAddAMealTheAccountAndSettingsHaveNoWordLeftInEnglish() async throws {
        try await TestEnvironment.withApp(withFixtureCatalog: true) { client, database in
            let meal = try await database.addMeal("2026-03-09T12:30")
            try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:11090"), ("amount", "g125")])
            let food = try #require(try await FoodEntryTests.meal(client, meal).foods.first)
            var left: [String: [String]] = [:]
            for path in ["/today", "/days/2026-03-09", "/log", "/meals/\(meal)/foods/new", "/meals/\(meal)", "/account", "/settings"] {
                let page = try await client.get(path, language: "en-XA").text
                #expect(page.contains(#"<html lang="en-XA" dir="ltr""#), "\(path)")
                let english = EnglishWords.in(
                    page, apartFrom: [food.description, TestPerson.name, "My diary", "Deutsch", "English", "Español"])
                if !english.isEmpty { left[path] = english }
            }
            #expect(left.isEmpty, "English words left: \(left)")
        }
    }

    /// What the diary is made with is named in the first page's language (the diary itself), or
    /// shown in the page's while nobody renamed it (the body measures); countries come from the
    /// system's locale data, sorted as German sorts them.
    @Test func aGermanPersonGetsAGermanDiaryMeasuresAndCountries() async throws {
        try await TestEnvironment.withRunningApp { client, _, config, _ in
            let kim = try await TestPerson.addMember("Kim", in: config)
            let first = try await client.get("/today", session: kim.session, language: "de-DE").text
            #expect(first.contains("Mein Tagebuch"), "the first diary is named in the first page's language")
            let english = try await client.get("/today", session: kim.session, language: "en").text
            #expect(english.contains("Mein Tagebuch"), "and keeps that name: it is theirs now")
            let body = try await client.get("/settings/body", language: "de").text
            #expect(body.contains("> Taille <") && body.contains("> Körperfett <") && !body.contains("Waist"))
            #expect(try await client.get("/settings/body", language: "en").text.contains("> Waist <"))
            let countries = try await client.get("/settings/food-data-central", language: "es").text
            let names = countries.matches(of: #/<option value="[A-Z]{2}"[^>]*>([^<]+)</option>/#).map { String($0.output.1) }
            #expect(names.contains("Alemania") && names.contains("Reino Unido") && !names.contains("Germany"))
            #expect(names.firstIndex(of: "Austria")! < names.firstIndex(of: "Bélgica")!, "sorted in the page's language")
        }
    }

    /// The scripts' few words come with the page, in its language, from an address that changes
    /// when they do; an English page loads none.
    @Test func theScriptsWordsComeInThePagesLanguage() async throws {
        try await TestEnvironment.withApp { client, _ in
            let german = try await client.get("/log", language: "de").text
            let address = try #require(german.firstMatch(of: #/<script src="(/words/de\.js\?v=[0-9a-f]{12})" defer>/#)?.output.1)
            let script = try await client.get(String(address), session: nil)
            #expect(script.status == .ok && script.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(script.text.hasPrefix("window.FoodDiaryWords = {") && script.text.contains(#""Copied":"Kopiert""#))
            #expect(try await client.get("/words/xx.js", session: nil).status == .notFound)
            let english = try await client.get("/log", language: "en-GB").text
            #expect(!english.contains("/words/"))
        }
    }

    /// Every page the router serves, read in the pseudo-language with a meal, a food, a weigh-in,
    /// water and exercise in the diary (a parameter is that meal's number, and a page of another
    /// number is the error page): an English word of ours left on any of them fails here, so a
    /// new page cannot skip the catalogues.
    @Test func noPageTheRouterServesHasAWordLeftInEnglish() async throws {
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, _, routes in
            let (meal, data) = try await Self.mealWithAFood(client, database)
            var left: [String: [String]] = [:]
            for route in routes where route.methods.contains(.get) && !Self.notPages.contains(where: route.path.hasPrefix) {
                let path = HostileValuesTests.path(route.path, String(meal))
                let response = try await client.get(path, language: "en-XA")
                guard response.headers[.contentType]?.hasPrefix("text/html") == true else { continue }
                let english = EnglishWords.in(response.text, apartFrom: data)
                if !english.isEmpty { left[path] = english }
            }
            #expect(left.isEmpty, "English words left: \(left.sorted { $0.key < $1.key })")
        }
    }

    /// Every form the router takes, sent empty and then with nonsense in every field, in the
    /// pseudo-language: the page that answers (or the one it sends the person on to, with its
    /// notice) holds no English word of ours, so a failed form speaks the person's language too.
    @Test func noFormAnswersInEnglish() async throws {
        let fields = try HostileValuesTests.formFieldNames()
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true) { client, database, _, routes in
            let (meal, data) = try await Self.mealWithAFood(client, database)
            var left: [String: [String]] = [:]
            // Sign-outs end the test's session; deletions would take away what the others need.
            let posts = routes.filter {
                $0.methods.contains(.post) && !Self.notPages.contains(where: $0.path.hasPrefix) && !$0.path.hasSuffix("/delete")
                    && !$0.path.hasPrefix("/signout") && $0.path != "/account/signout-everywhere"
            }
            for route in posts {
                let path = HostileValuesTests.path(route.path, String(meal))
                for form in [[], fields.map { ($0, "x") }] {
                    var response = try await client.postForm(path, form, language: "en-XA")
                    if response.status == .seeOther, let next = response.headers[.location], next.hasPrefix("/") {
                        response = try await client.get(next, language: "en-XA")
                    }
                    guard response.headers[.contentType]?.hasPrefix("text/html") == true else { continue }
                    let english = EnglishWords.in(response.text, apartFrom: data)
                    if !english.isEmpty { left["POST \(path)\(form.isEmpty ? "" : " x")", default: []] += english }
                }
            }
            #expect(left.isEmpty, "English words left: \(left.sorted { $0.key < $1.key })")
        }
    }

    /// A meal with the fixture food in it, for the routes' ids to find, and the words on the
    /// pages that are data, not ours: the food's, the person's, the languages' own names.
    static func mealWithAFood(_ client: any TestClientProtocol, _ database: AppDatabase) async throws -> (Int64, [String]) {
        let meal = try await database.addMeal("2026-03-09T12:30")
        try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:11090"), ("amount", "g125")])
        let food = try #require(try await FoodEntryTests.meal(client, meal).foods.first)
        return (meal, [food.description, TestPerson.name, "My diary", "Deutsch", "English", "Español", "Broccoli", "raw"] + catalogWords)
    }

    /// The catalog's words, which stay as USDA writes them (issue 79): its name for itself, and the
    /// fixture food's portions as USDA names them, whole and as the usual amount takes one.
    static let catalogWords = ["SR Legacy", "cup, chopped or diced", "cup chopped", "0.5 cup"]

    /// Not pages a person reads: the API's JSON, FoodData Central's protocol, the assistant's, files.
    static let notPages = ["/api/", "/fdc/", "/mcp", "/photos/", "/words/", "/static/", "/export/", "/backups/"]

    @Test func aPersonsChoiceWinsOverTheirBrowsers() async throws {
        try await TestEnvironment.withApp { client, _ in
            let browser = try await client.get("/settings", language: "de-DE,de;q=0.9").text
            #expect(browser.contains(#"<html lang="de" dir="ltr""#))
            #expect(browser.contains(">Einstellungen<"), "German from the browser's Accept-Language")
            let unknown = try await client.postForm("/settings/language", [("language", "tlh")])
            #expect(unknown.status == .badRequest)
            let chosen = try await client.postForm("/settings/language", [("language", "es")])
            #expect(chosen.status == .seeOther)
            let spanish = try await client.get("/settings", language: "de-DE,de;q=0.9").text
            #expect(spanish.contains(#"<html lang="es" dir="ltr""#), "the person's choice wins")
            #expect(spanish.contains(">Ajustes<"))
            #expect(spanish.contains(#"value="es" lang="es" aria-pressed="true""#), "the choice shows as chosen")
            let back = try await client.postForm("/settings/language", [("language", "")])
            #expect(back.status == .seeOther)
            let again = try await client.get("/settings", language: "de-DE,de;q=0.9").text
            #expect(again.contains(#"<html lang="de""#), "an empty choice follows the browser again")
        }
    }
}

/// The English words left in a page's visible text and its labels for screen readers, apart from
/// the diary's own data and the symbols no language translates.
enum EnglishWords {
    static let notWords: Set<String> = [
        "FoodDiary", "min", "kcal", "kJ", "g", "mg", "µg", "ml", "oz", "lb", "kg", "cm", "in", "USDA", "SR28", "en", "XA"
    ]

    static func `in`(_ html: String, apartFrom data: [String]) -> [String] {
        // Commands and keys in <code> are typed as they are; so are acronyms (DV, MB) and a key's letters.
        var text = html.replacing(
            #/<script[\s\S]*?</script>|<style[\s\S]*?</style>|<svg[\s\S]*?</svg>|<!--[\s\S]*?-->|<code[\s\S]*?</code>/#, with: " ")
        var labels: [String] = []
        for match in text.matches(of: #/\b(?:placeholder|title|aria-label|alt)="([^"]*)"/#) { labels.append(String(match.output.1)) }
        text = text.replacing(#/<[^>]*>/#, with: " ") + " " + labels.joined(separator: " ")
        // File names are the files' own: fooddiary-backup-2026-03-09-1230.zip.
        text = text.replacing(#/&[a-z]+;|&#\d+;|https?:\/\/\S+|[\w.-]+\.(?:zip|csv|json)\b/#, with: " ")
        for datum in data { text = text.replacingOccurrences(of: datum, with: " ") }
        let words = text.matches(of: #/[A-Za-z]{2,}/#).map { String($0.output) }.filter { $0 != $0.uppercased() }
        return Array(Set(words.filter { !notWords.contains($0) })).sorted()
    }
}

private struct NameView: TemplateKeyed {
    let name: String
    func value(forKey key: String) -> TemplateValue { key == "name" ? .text(name) : .absent }
}

extension Language {
    /// A language of its own tag whose every message is accented, for choosing among tags.
    static func pseudoNamed(_ code: String) -> Language {
        try! Language(catalogue: PortableObject(parsing: "msgid \"\"\nmsgstr \"Language: \(code)\\n\"\n"))
    }
}
