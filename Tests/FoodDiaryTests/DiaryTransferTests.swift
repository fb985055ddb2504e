import Foundation
import Testing
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryStorage

/// `fooddiary export` and `fooddiary import`: which diary, and never under a running server.
@Suite struct DiaryTransferTests {
    @Test func theCommandLinePicksTheDiaryByNameAndPreviewsBeforeItImports() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let config = TestEnvironment.config(dataDirectory: directory.path)
        try await TestPerson.create(in: config)
        let accounts = try AccountsDatabase.open(path: config.accountsPath)
        let trip = try await accounts.createDiary(accountID: 1, name: "Lisbon trip", now: TestEnvironment.fixedNow)
        let transfer = DiaryTransfer(dataDirectory: directory.path)
        let file = PortabilityFixtures.path("myfitnesspal-nutrition.csv")

        do {
            _ = try await transfer.importFile(file, into: nil, commit: false)
            Issue.record("imported without saying which diary")
        } catch let refused as DiaryTransfer.Refused {
            #expect(refused.description.contains("1  Sam/My diary") && refused.description.contains("\(trip)  Sam/Lisbon trip"))
        }
        let preview = try await transfer.importFile(file, into: "lisbon TRIP", commit: false)
        #expect(preview.contains("Would add: 4 meals with 4 foods from 3 Mar 2026 to 4 Mar 2026."))
        #expect(preview.contains("Row 6 is left out: its Calories “n/a” is not a number of zero or more."))
        #expect(preview.last == "Nothing was written. Run again with --commit to import.")
        let tripDiary = try AppDatabase.open(path: DiaryFiles(directory: config.diariesDirectory).databasePath(trip))
        #expect(try await tripDiary.mealCount() == 0)

        let done = try await transfer.importFile(file, into: "Sam/Lisbon trip", commit: true)
        #expect(done.contains("Added: 4 meals with 4 foods from 3 Mar 2026 to 4 Mar 2026."))
        #expect(try await tripDiary.mealCount() == 4)
        let again = try await transfer.importFile(file, into: String(trip), commit: true)
        #expect(again.first?.hasSuffix("Everything in it is in this diary already: importing adds nothing.") == true)

        let exported = try await transfer.export(diary: "Lisbon trip", to: directory.path + "/exports")
        #expect(exported.hasPrefix("Exported 4 meals, 4 foods and 0 photos to \(directory.path)/exports/fooddiary-export-"))
        do {
            _ = try await transfer.export(
                diary: "Lisbon trip",
                to: directory.path + "/exports/" + (exported.firstMatch(of: #/fooddiary-export-[0-9-]+\.zip/#)?.output ?? ""))
            Issue.record("an export replaced a file")
        } catch let refused as DiaryTransfer.Refused {
            #expect(refused.description.contains("exists already"))
        }
    }

    @Test func importingIsRefusedWhileAServerRunsAndExportingIsNot() async throws {
        try await TestEnvironment.withConfiguredApp { _, database, config in
            try await database.addMeal("2026-03-08T12:30", notes: "Lunch")
            let transfer = DiaryTransfer(dataDirectory: config.dataDirectory)
            do {
                _ = try await transfer.importFile(PortabilityFixtures.path("loseit-food-logs.csv"), into: nil, commit: true)
                Issue.record("imported under a running server")
            } catch let refused as DiaryTransfer.Refused {
                #expect(refused.description.contains("A FoodDiary server is running"))
            }
            #expect(try await database.mealCount() == 1)
            let exported = try await transfer.export(diary: nil, to: config.dataDirectory + "/out.zip")
            #expect(exported.hasPrefix("Exported 1 meal, 0 foods and 0 photos to"))
        }
    }
}
