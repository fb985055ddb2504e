import ArgumentParser
import FoodDiaryApp
import Foundation
import Logging

struct Reminders: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Reminders, from the server's command line.", subcommands: [SendDueReminders.self])
}

struct SendDueReminders: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send-due",
        abstract: "Send the reminders due now, as the running server would this minute; one it already sent is never sent again.")

    @Option(help: "Directory holding the diary data (env FOODDIARY_DATA_DIR).")
    var dataDir: String = ProcessInfo.processInfo.environment["FOODDIARY_DATA_DIR"] ?? "./data"

    @Option(help: "Where FoodDiary's shared files are, if not beside the binary (env FOODDIARY_SHARE_DIR).")
    var shareDir: String? = ProcessInfo.processInfo.environment["FOODDIARY_SHARE_DIR"]

    @Flag(name: .customLong("push-from-home-network"), help: "As for serve (env FOODDIARY_PUSH_FROM_HOME_NETWORK=1).")
    var pushFromHomeNetwork = ProcessInfo.processInfo.environment["FOODDIARY_PUSH_FROM_HOME_NETWORK"] == "1"

    @Option(help: "As for serve (env FOODDIARY_PUSH_CONTACT).")
    var pushContact: String? = ProcessInfo.processInfo.environment["FOODDIARY_PUSH_CONTACT"]

    @OptionGroup var mail: MailOptions

    func run() async throws {
        var config = AppConfig(dataDirectory: dataDir)
        if let files = try? InstalledFiles.locate(
            shareDirectory: shareDir, workingDirectory: FileManager.default.currentDirectoryPath,
            executable: InstalledFiles.runningExecutable
        ).get() {
            config.languagesDirectory = files.languages
        }
        config.pushServicesOnHomeNetwork = pushFromHomeNetwork
        if let pushContact { config.pushContact = pushContact }
        config.mail = try mail.settings()
        var logger = Logger(label: "fooddiary")
        logger.logLevel = .notice
        let handled = try await sendDueReminders(config: config, logger: logger)
        print(handled.isEmpty ? "No reminder is due." : handled.joined(separator: "\n"))
    }
}
