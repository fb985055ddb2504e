@testable import FoodDiaryCatalog
import Foundation
import Testing
@testable import FoodDiary
import FoodDiaryBase
import GRDB

/// Open Food Facts by name (issue 41): products sold where the person shops, before or after
/// FoodData Central's US products as their country says, and a drink measured by volume whether or
/// not its label gives a serving.
@Suite struct OpenFoodFactsSearchTests {
    /// Where each source's section starts on the online results page.
    static func order(_ page: String) -> [String] {
        ["From Open Food Facts", "From FoodData Central"].compactMap { heading in page.range(of: heading).map { (heading, $0.lowerBound) } }
            .sorted { $0.1 < $1.1 }.map(\.0)
    }

    @Test func aNameSearchAsksForProductsWhereThePersonShopsAndPutsThemFirst() async throws {
        try await OpenFoodFactsStandIn.withApp { standIn, client, database in
            let meal = try await database.addMeal("2026-03-09T10:15", notes: "Znüni")
            func search(_ words: String, language: String? = nil) async throws -> (page: String, country: String?) {
                let page = try await client.get("/meals/\(meal)/foods/online?q=\(formEscaped(words))", language: language)
                #expect(page.status == .ok)
                let asked = try #require(standIn.seen.last { $0.path == "/cgi/search.pl" })
                let country = URLComponents(string: "/?" + (asked.query ?? ""))?.queryItems?.first { $0.name == "tag_0" }?.value
                return (page.text, country)
            }

            // Not chosen: the browser's region is the guess, and said to be one. The page's words are
            // the person's chosen English, whatever the browser reads.
            #expect(try await client.postForm("/settings/language", [("language", "en")]).status == .seeOther)
            let guessed = try await search("apfelsaft", language: "de-DE,de;q=0.9,en;q=0.5")
            #expect(guessed.country == "en:germany")
            #expect(guessed.page.contains("Apfelsaft naturtrüb") && !guessed.page.contains("Cloudy apple juice"))
            #expect(Self.order(guessed.page) == ["From Open Food Facts", "From FoodData Central"])
            #expect(guessed.page.contains("Products sold in Germany.") && guessed.page.contains("Open Database License (ODbL)"))
            #expect(guessed.page.contains("1 product on Open Food Facts."), "all that was found, said as such")
            #expect(guessed.page.contains("FoodData Central can’t be reached"), "the other source's trouble is said in its own section")
            let settings = try await client.get("/settings/food-data-central", language: "en-GB").text
            #expect(settings.contains("<option value=\"GB\" selected>United Kingdom</option>"))
            #expect(settings.contains("United Kingdom, from your browser’s language, until you choose."))

            // Chosen: the choice wins over the browser, and the US puts FoodData Central first.
            #expect(try await client.postForm("/settings/food-data-central/country", [("country", "US")]).status == .seeOther)
            let american = try await search("apfelsaft", language: "de-DE")
            #expect(
                american.country == "en:united-states" && Self.order(american.page) == ["From FoodData Central", "From Open Food Facts"])
            #expect(american.page.contains("Open Food Facts has nothing for “apfelsaft”."))
            #expect(try await client.postForm("/settings/food-data-central/country", [("country", "any")]).status == .seeOther)
            let anywhere = try await search("apfelsaft", language: "en-GB")
            #expect(
                anywhere.country == nil && anywhere.page.contains("Cloudy apple juice") && anywhere.page.contains("Apfelsaft naturtrüb"))
            #expect(anywhere.page.contains("Products from every country.") && anywhere.page.contains("2 products on Open Food Facts."))
            let refused = try await client.postForm("/settings/food-data-central/country", [("country", "Atlantis")])
            #expect(refused.status == .unprocessableContent && refused.text.contains("Choose a country from the list."))

            // A product picked from the results is kept, and the search goes on with the same words.
            let juice = OpenFoodFactsStandIn.juice
            #expect(anywhere.page.contains("/meals/\(meal)/foods/online/product/\(juice)"))
            let picked = try await client.postForm("/meals/\(meal)/foods/online/product/\(juice)", [("q", "apfelsaft")])
            let id = try #require(OpenFoodFactsProduct.catalogID(barcode: juice))
            #expect(picked.status == .seeOther && picked.headers[.location] == "/meals/\(meal)/foods/new/catalog/\(id)?q=apfelsaft")
            let again = try await search("apfelsaft naturtrüb")
            #expect(
                again.page.contains("href=\"/meals/\(meal)/foods/new/catalog/\(id)?q=apfelsaft%20naturtr%C3%BCb\""),
                "kept: a plain link now")
        }
    }

    @Test func aDrinkWithoutAServingIsMeasuredInMillilitres() async throws {
        try await OpenFoodFactsStandIn.withApp { standIn, client, database in
            let meal = try await database.addMeal("2026-03-09T12:30", notes: "Lunch")
            let water = OpenFoodFactsStandIn.water
            let found = try await client.get("/meals/\(meal)/foods/online?barcode=\(water)").text
            #expect(found.contains("Mineralwasser still") && found.contains("per 100 ml"))
            #expect(try await client.postForm("/meals/\(meal)/foods/online/product/\(water)", []).status == .seeOther)
            let id = try #require(OpenFoodFactsProduct.catalogID(barcode: water))
            let foodPage = try await client.get("/foods/\(id)").text
            #expect(foodPage.contains("per 100 ml") && !foodPage.contains("per 100 g"), "by volume, though its label gives no serving")
            #expect(
                try await client.postForm("/meals/\(meal)/foods", [("source", "catalog:\(id)"), ("amount", "g500")]).status == .seeOther)
            let unit = try await database.read { db in try String.fetchOne(db, sql: "SELECT basis_unit FROM food_entry") }
            #expect(unit == "ml")
            let mealPage = try await client.get("/meals/\(meal)").text
            #expect(mealPage.contains("500 ml") && !mealPage.contains("500 g"))
            let entryID = try await database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM food_entry") }!
            #expect(try await client.get("/meals/\(meal)/foods/\(entryID)").text.contains("Scaled from Open Food Facts’ values per 100 ml"))
        }
    }

    /// Searches and product reads have allowances of their own: a spent search limit still lets a
    /// scanned barcode through, and a search's bad answer is said plainly.
    @Test func aSearchLimitLeavesBarcodesAloneAndABadAnswerIsSaidPlainly() async throws {
        let standIn = OpenFoodFactsStandIn()
        try await standIn.start()
        // Long, so the connection check (two fifths of it) never runs out on a loaded machine.
        let online = OpenFoodFactsOnline(baseURL: standIn.baseURL, deadline: .seconds(600))
        let germany = ProductCountry.named("DE")
        standIn.mode = .malformed
        #expect(await online.search("apfelsaft", country: germany).problem == .malformed)
        standIn.mode = .rateLimited
        #expect(await online.search("apfelsaft", country: germany).problem == .rateLimited(retryAfter: .seconds(60)))
        let asked = standIn.seen.count
        standIn.mode = .normal
        #expect(await online.search("wasser", country: germany).problem != nil, "the limit lasts a minute without Retry-After")
        #expect(standIn.seen.count == asked, "and nothing is asked meanwhile")
        #expect(await online.product(barcode: OpenFoodFactsStandIn.water).problem == nil, "barcodes have their own allowance")
        let searchProblem = await online.knownProblem(searching: true), productProblem = await online.knownProblem()
        #expect(searchProblem != nil && productProblem == nil)
        await standIn.stop()
    }

    /// "The product's image if the person wants it": fetched only from Open Food Facts' own hosts,
    /// through an upload's checks, kept with the product in the diary; the product is kept anyway.
    @Test func aProductsPhotoIsKeptWhenAskedAndOnlyFromOpenFoodFacts() async throws {
        try await OpenFoodFactsStandIn.withApp { standIn, client, database in
            let meal = try await database.addMeal("2026-03-09T16:00", notes: "Snack")
            let juice = OpenFoodFactsStandIn.juice, juiceID = try #require(OpenFoodFactsProduct.catalogID(barcode: juice))
            let found = try await client.get("/meals/\(meal)/foods/online?barcode=\(juice)").text
            #expect(found.contains("name=\"keep_image\""), "offered, not taken unasked")

            // Not asked: no photo is fetched.
            #expect(try await client.postForm("/meals/\(meal)/foods/online/product/\(juice)", []).status == .seeOther)
            #expect(!standIn.seen.contains { $0.path.hasPrefix("/images/") })
            #expect(try await database.productPhoto(catalogID: juiceID) == nil)

            // Asked: it passes an upload's checks and shows where the product does.
            let kept = try await client.postForm("/meals/\(meal)/foods/online/product/\(juice)", [("keep_image", "1")])
            #expect(kept.status == .seeOther && kept.headers[.location] == "/meals/\(meal)/foods/new/catalog/\(juiceID)")
            let photo = try #require(try await database.productPhoto(catalogID: juiceID))
            #expect(photo.mediaType == "image/jpeg" && photo.width == 400)
            #expect(
                try await client.get("/meals/\(meal)/foods/new/catalog/\(juiceID)").text.contains("src=\"/photos/\(photo.sha256)/thumb\""))
            #expect(try await client.get("/foods/\(juiceID)").text.contains("src=\"/photos/\(photo.sha256)/thumb\""))
            #expect(try await client.get("/photos/\(photo.sha256)/thumb").status == .ok)
            #expect(try await database.deleteUnusedPhotoRows() == 0, "the kept product shows it, so it stays")

            // A "photo" that is a text file, and one on another host, are refused; the products are kept without.
            for code in [OpenFoodFactsStandIn.water, OpenFoodFactsStandIn.bar] {
                let picked = try await client.postForm("/meals/\(meal)/foods/online/product/\(code)", [("keep_image", "1")])
                #expect(picked.status == .seeOther && picked.headers[.location]?.hasSuffix("?notice=no_photo") == true)
                let id = try #require(OpenFoodFactsProduct.catalogID(barcode: code))
                #expect(try await database.productPhoto(catalogID: id) == nil)
                #expect(try await client.get(picked.headers[.location]!).text.contains("Kept without its photo"))
            }
            #expect(!standIn.seen.contains { $0.path.contains("meta-data") }, "never another host's address")

            // For a recipe's ingredient too: the photo shows, and a photo that could not be kept is said.
            let recipe = try await client.postForm("/recipes", [("name", "Bircher muesli"), ("servings", "2")])
            let recipeID = try #require(recipe.headers[.location]?.firstMatch(of: /\/recipes\/(\d+)/).flatMap { Int64($0.1) })
            let forRecipe = try await client.postForm(
                "/recipes/\(recipeID)/ingredients/online/product/\(OpenFoodFactsStandIn.water)", [("keep_image", "1")])
            let waterID = try #require(OpenFoodFactsProduct.catalogID(barcode: OpenFoodFactsStandIn.water))
            #expect(forRecipe.headers[.location] == "/recipes/\(recipeID)/ingredients/new/catalog/\(waterID)?notice=no_photo")
            #expect(try await client.get(forRecipe.headers[.location]!).text.contains("Kept without its photo"))
            #expect(
                try await client.get("/recipes/\(recipeID)/ingredients/new/catalog/\(juiceID)").text.contains(
                    "src=\"/photos/\(photo.sha256)/thumb\""))
        }
    }

    @Test func onlyOpenFoodFactsOwnHostsServeAPhoto() {
        let client = OpenFoodFactsClient(baseURL: OpenFoodFactsClient.officialBaseURL)
        #expect(client.isTheirs(URL(string: "https://images.openfoodfacts.org/images/products/761/000/001/2345/front_de.4.400.jpg")!))
        for hostile in [
            "https://openfoodfacts.org.evil.example/front.jpg", "http://images.openfoodfacts.org/front.jpg",
            "https://169.254.169.254/front.jpg", "https://user@images.openfoodfacts.org/front.jpg",
            "https://images.openfoodfacts.org:8443/front.jpg", "https://evilopenfoodfacts.org/front.jpg"
        ] {
            #expect(!client.isTheirs(URL(string: hostile)!), "\(hostile)")
        }
        let local = OpenFoodFactsClient(baseURL: URL(string: "http://127.0.0.1:8977")!)
        #expect(
            local.isTheirs(URL(string: "http://127.0.0.1:8977/images/a.jpg")!) && !local.isTheirs(URL(string: "http://0.0.1:8977/a.jpg")!))
    }

    @Test func aBrowsersRegionIsAGuessAndAChoiceWins() {
        #expect(ProductCountry.guessed(acceptLanguage: "fr-CH, fr;q=0.9")?.name == "Switzerland")
        #expect(ProductCountry.guessed(acceptLanguage: "en") == nil && ProductCountry.guessed(acceptLanguage: nil) == nil)
        #expect(
            ProductCountry.guessed(acceptLanguage: "zh-Hant-TW, en-AU;q=0.8")?.code == "AU", "a region the list lacks gives way to the next"
        )
        #expect(ProductCountry.current(chosen: "any", acceptLanguage: "de-DE") == nil)
        #expect(ProductCountry.current(chosen: "FR", acceptLanguage: "de-DE")?.tag == "en:france")
        #expect(ProductCountry.named("GB")?.tag == "en:united-kingdom")
    }
}
