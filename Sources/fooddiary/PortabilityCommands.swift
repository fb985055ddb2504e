import ArgumentParser
import FoodDiaryApp
import Foundation

struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Write one diary as a ZIP: meals.csv, entries.csv and days.csv for spreadsheets, diary.json with everything, and the photos.")

    @Option(help: "Directory holding the diary data (env FOODDIARY_DATA_DIR).")
    var dataDir: String = ProcessInfo.processInfo.environment["FOODDIARY_DATA_DIR"] ?? "./data"

    @Option(help: "The diary's number, name, or person/name; needed when there are several.")
    var diary: String?

    @Option(help: "A .zip file name, or a folder to write fooddiary-export-<time>.zip into.")
    var to: String

    func run() async throws {
        do {
            print(try await DiaryTransfer(dataDirectory: dataDir).export(diary: diary, to: to))
        } catch let refused as DiaryTransfer.Refused {
            refuse(refused.description)
        }
    }
}

struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Import a FoodDiary export, Apple Health's export.zip, or a Cronometer, MyFitnessPal, Lose It!, Withings or Garmin CSV, into a diary.",
        discussion:
            "Says what it would add and writes nothing, unless given --commit. Importing the same file again adds nothing. The server must be stopped; while it runs, use its Export & import page."
    )

    @Argument(
        help:
            "A fooddiary-export-*.zip or diary.json, Apple Health's export.zip, Cronometer's servings.csv or dailysummary.csv, MyFitnessPal's nutrition export, Lose It!'s food-logs.csv, Withings' weight.csv or Garmin Connect's Activities.csv."
    )
    var file: String

    @Option(help: "Directory holding the diary data (env FOODDIARY_DATA_DIR).")
    var dataDir: String = ProcessInfo.processInfo.environment["FOODDIARY_DATA_DIR"] ?? "./data"

    @Option(help: "The diary's number, name, or person/name; needed when there are several.")
    var diary: String?

    @Flag(help: "Import, rather than only say what would be imported.")
    var commit = false

    func run() async throws {
        do {
            for line in try await DiaryTransfer(dataDirectory: dataDir).importFile(file, into: diary, commit: commit) { print(line) }
        } catch let refused as DiaryTransfer.Refused {
            refuse(refused.description)
        }
    }
}
