@testable import FoodDiaryCatalog
import Foundation
import GRDB
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryApp
import FoodDiaryStorage
@testable import FoodDiaryPhotos

/// A barcode from any phone's camera (issue 77): a photo of the package sent from ＋ or an
/// add-food page is read by the server, the product found and logged; a photo with no code, a
/// file that is no photo and a code no one knows each get a plain answer beside the camera again.
@Suite struct BarcodePhotoTests {
    static let spread = OpenFoodFactsStandIn.spread

    /// The app with Open Food Facts standing in, and a pixel cap low enough to meet.
    static func withApp(_ body: @escaping @Sendable (OpenFoodFactsStandIn, any TestClientProtocol, AppDatabase) async throws -> Void)
        async throws
    {
        try await OpenFoodFactsStandIn.withApp(configure: { $0.maxPhotoPixels = 4_000_000 }, body)
    }

    /// A phone's photo of the code: a little turned, a little soft, a JPEG.
    static func photo(of code: String, angle: Double = 7, blur: Double = 1.2) throws -> MultipartFile {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/IMG_0412.jpg"
        try BarcodePicture.write(
            BarcodePicture.ean13(code), to: path, width: 1600, height: 1200, moduleWidth: 6, barHeight: 380,
            angle: angle, blur: blur, quality: 80)
        return MultipartFile(filename: "IMG_0412.jpg", data: try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func file(_ name: String, _ write: (String) throws -> Void) throws -> MultipartFile {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try write(directory.path + "/" + name)
        return MultipartFile(filename: name, data: try Data(contentsOf: URL(fileURLWithPath: directory.path + "/" + name)))
    }

    /// The issue's "done when": from ＋, a European EAN-13 photographed is read, its product found
    /// online and kept, shown with its label's serving, and one tap logs it.
    @Test func aPhotoFromPlusIsReadFoundAndLoggedInOneTap() async throws {
        try await Self.withApp { _, client, database in
            let sent = try await client.postMultipart(
                "/log/barcode", fields: [("day", "2026-03-09"), ("slot", "lunch")], files: [try Self.photo(of: Self.spread)])
            #expect(sent.status == .seeOther, "\(sent.status): \(sent.text.prefix(300))")
            let location = try #require(sent.headers[.location])
            #expect(location == "/log?day=2026-03-09&slot=lunch&barcode=\(Self.spread)")
            #expect(
                try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM meal") } == 0,
                "no meal before a food is chosen")

            let plus = try await client.get(location)
            #expect(plus.status == .ok && plus.text.contains("Barcode \(Self.spread)"))
            #expect(
                plus.text.contains("Haselnusscreme") && plus.text.contains("1 el (15 g) · 81 kcal"),
                "the label’s serving is what one tap adds: \(plus.text.components(separatedBy: "Haselnusscreme").dropFirst().first?.prefix(400) ?? "")"
            )
            let id = try #require(OpenFoodFactsProduct.catalogID(barcode: Self.spread))
            #expect(plus.text.contains("value=\"catalog:\(id)\""))
            #expect(
                plus.text.contains("action=\"/log/barcode\"") && plus.text.contains("capture=\"environment\""),
                "the camera is there for the next one")

            let added = try await client.postForm(
                "/log", [("day", "2026-03-09"), ("slot", "lunch"), ("source", "catalog:\(id)"), ("grams", "15")])
            #expect(added.status == .seeOther)
            let entry = try await database.read { db in
                try Row.fetchOne(db, sql: "SELECT grams, energy_kcal FROM food_entry").map { ($0[0] as Double, $0[1] as Double) }
            }
            #expect(entry?.0 == 15)
            #expect(abs((entry?.1 ?? 0) - 539 * 0.15) < 0.01, "539 kcal per 100 g, 15 g")
        }
    }

    @Test func aPhotoWithNoBarcodeSaysSoBesideTheCameraAndTheTypedBox() async throws {
        try await Self.withApp { _, client, _ in
            let meal = try Self.file("lunch.jpg") { try ImageLibrary.writeSampleJPEG(to: $0, width: 1600, height: 1200) }
            let answer = try await client.postMultipart("/log/barcode", fields: [("slot", "lunch")], files: [meal])
            #expect(answer.status == .unprocessableContent)
            #expect(answer.text.contains("No barcode found in that photo: fill the frame with the stripes and try again."))
            #expect(
                answer.text.contains("role=\"alert\"") && answer.text.contains("id=\"barcode-typed\"")
                    && answer.text.contains("name=\"photo\""))
            #expect(answer.text.contains("name=\"slot\" value=\"lunch\""), "trying again logs into the same place")

            let typed = try await client.postForm("/log/barcode", [("slot", "lunch"), ("barcode", Self.spread)])
            #expect(
                typed.status == .seeOther && typed.headers[.location]?.hasSuffix("barcode=\(Self.spread)") == true,
                "a typed code still works")
            let wrong = try await client.postForm("/log/barcode", [("barcode", "12ab")])
            #expect(wrong.status == .unprocessableContent && wrong.text.contains(Barcode.problem))
        }
    }

    /// Reading a photo is heavy work: a person's second photo while their first is read is told to
    /// send it again (503, Retry-After, in words), and someone else's photo meanwhile is read.
    @Test func aPersonsSecondPhotoWhileTheFirstIsReadIsShedNotAnyoneElses() async throws {
        try await TestEnvironment.withRunningApp(configure: { $0.maxPhotoPixels = 4_000_000 }) { client, _, config, _ in
            let sam = try await TestPerson.addMember("robin", in: config)
            // No code: both sizes are scanned, the longest read there is.
            let meal = try Self.file("lunch.jpg") { try ImageLibrary.writeSampleJPEG(to: $0, width: 2_400, height: 1_600) }
            let package = try Self.photo(of: Self.spread)
            var shed = false
            // Three at once overlap unless the machine serialises them all; three rounds make that a
            // non-event, while without a per-person limit no round sheds any.
            for _ in 0..<3 where !shed {
                async let samsAnswer = client.postMultipart("/log/barcode", files: [package], token: sam.token, session: sam.session)
                let answers = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                    for _ in 0..<3 { group.addTask { try await client.postMultipart("/log/barcode", files: [meal]) } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                for answer in answers where answer.status != .unprocessableContent {
                    #expect(answer.status == .serviceUnavailable && answer.headers[.retryAfter] == "1", "\(answer.status)")
                    #expect(answer.text.contains("Your last barcode photo is still being read. Send this one again in a moment."))
                    #expect(answer.text.contains("name=\"photo\""), "the camera is offered again")
                    shed = true
                }
                // Nothing answers for Open Food Facts here: that the code was read is what counts.
                let sams = try await samsAnswer.text
                #expect(sams.contains("Barcode \(Self.spread) was read"), "another person’s photo is read meanwhile")
            }
            #expect(shed, "three photos of one person at once, three times, and none was shed")
        }
    }

    @Test func aCodeNoOneKnowsOrAServiceThatDoesNotAnswerIsSaid() async throws {
        try await Self.withApp { standIn, client, _ in
            let unknown = try await client.postMultipart("/log/barcode", files: [try Self.photo(of: "4006381333931")])
            #expect(unknown.status == .notFound)
            #expect(unknown.text.contains("Neither FoodData Central nor Open Food Facts knows barcode 4006381333931"))
            #expect(unknown.text.contains("value=\"4006381333931\""), "the digits read stay in the box to correct")
            await standIn.stop()
            let away = try await client.postMultipart("/log/barcode", files: [try Self.photo(of: Self.spread)])
            #expect(away.status == .serviceUnavailable && away.text.contains("was read, but Open Food Facts did not answer"))
        }
    }

    /// Every photo's checks come first: a file that is no photo, one over the pixel cap (before a
    /// pixel is decoded) and one cut short are refused with their own words and status.
    @Test func aFileThatIsNoPhotoIsRefusedAsEveryUploadIs() async throws {
        try await Self.withApp { _, client, _ in
            let text = MultipartFile(filename: "barcode.jpg", data: Data("4000000035022\n".utf8))
            let notPhoto = try await client.postMultipart("/log/barcode", files: [text])
            #expect(notPhoto.status == .unsupportedMediaType && notPhoto.text.contains("is not a photo FoodDiary can keep"))
            let huge = try Self.file("huge.jpg") { try ImageLibrary.writeSampleJPEG(to: $0, width: 2600, height: 2000) }
            let tooLarge = try await client.postMultipart("/log/barcode", files: [huge])
            #expect(tooLarge.status == .contentTooLarge && tooLarge.text.contains("2600 × 2000 pixels"))
            var cut = try Self.photo(of: Self.spread)
            cut.data = cut.data.prefix(cut.data.count / 2)
            let damaged = try await client.postMultipart("/log/barcode", files: [cut])
            #expect(damaged.status == .unprocessableContent && damaged.text.contains("damaged or incomplete"))
            let none = try await client.postMultipart("/log/barcode", fields: [("slot", "lunch")])
            #expect(none.status == .unprocessableContent && none.text.contains("Take a photo of the barcode"))
        }
    }

    /// An add-food page goes on as if the digits had been typed: kept, FoodData Central, then Open
    /// Food Facts, one tap to add; other codes the photo showed are offered there.
    @Test func theAddFoodPageGoesOnAsIfTheDigitsWereTyped() async throws {
        try await Self.withApp { _, client, database in
            let meal = try await database.addMeal("2026-03-09T10:15")
            let sent = try await client.postMultipart("/meals/\(meal)/foods/barcode", files: [try Self.photo(of: Self.spread, angle: -11)])
            #expect(sent.status == .seeOther && sent.headers[.location] == "/meals/\(meal)/foods/new?barcode=\(Self.spread)#barcode-box")
            let page = try await client.get("/meals/\(meal)/foods/new?barcode=\(Self.spread)&also=96385074")
            #expect(page.status == .ok && page.text.contains("action=\"/meals/\(meal)/foods/barcode\""))
            #expect(page.text.contains("The photo also showed <a href=\"/meals/\(meal)/foods/new?barcode=96385074\">96385074</a>"))
            let online = try await client.get("/meals/\(meal)/foods/online?barcode=\(Self.spread)")
            #expect(online.text.contains("Haselnusscreme"))

            let recipe = try await database.write { db in
                try db.execute(
                    sql:
                        "INSERT INTO recipe (name, servings, created_at, updated_at) VALUES ('Crêpes', 4, '2026-03-09T10:00:00Z', '2026-03-09T10:00:00Z')"
                )
                return db.lastInsertedRowID
            }
            let none = try Self.file("pan.jpg") { try ImageLibrary.writeSampleJPEG(to: $0, width: 800, height: 600) }
            let refused = try await client.postMultipart("/recipes/\(recipe)/ingredients/barcode", files: [none])
            #expect(refused.status == .unprocessableContent && refused.text.contains("Back to the recipe: Crêpes"))
        }
    }

    /// A snapped meal whose photo shows a package: itemising proposes its product, and adds
    /// nothing until the person chooses how much.
    @Test func aPackageInASnappedMealsPhotoIsProposed() async throws {
        try await Self.withApp { _, client, database in
            let snapped = try await client.postMultipart("/meals/snap", files: [try Self.photo(of: Self.spread, angle: 4, blur: 0.8)])
            #expect(snapped.status == .seeOther)
            let meal = try #require(try await database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM meal") })
            let page = try await client.get("/meals/\(meal)").text
            #expect(page.contains("A package in the photo"))
            #expect(page.contains("href=\"/meals/\(meal)/foods/new?barcode=\(Self.spread)\""))
            #expect(
                try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM food_entry") } == 0, "proposed, not added")

            let lunch = try Self.file("lunch.jpg") { try ImageLibrary.writeSampleJPEG(to: $0, width: 1200, height: 900) }
            #expect(try await client.postMultipart("/meals/snap", files: [lunch]).status == .seeOther)
            let other = try #require(try await database.read { db in try Int64.fetchOne(db, sql: "SELECT max(id) FROM meal") })
            let otherPage = try await client.get("/meals/\(other)").text
            #expect(other != meal && !otherPage.contains("A package in the photo"))
        }
    }
}
