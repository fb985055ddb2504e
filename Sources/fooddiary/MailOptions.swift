import ArgumentParser
import FoodDiaryWeb
import Foundation

/// The SMTP server for mail reminders, for `serve` and for `reminders send-due`, which without it
/// leaves mail reminders to the server.
struct MailOptions: ParsableArguments {
    @Option(
        help:
            "An SMTP server for mail reminders: smtp://[user@]host[:port] (STARTTLS) or smtps://… (TLS); the password from env FOODDIARY_SMTP_PASSWORD or --smtp-password-file (env FOODDIARY_SMTP)."
    )
    var smtp: String? = ProcessInfo.processInfo.environment["FOODDIARY_SMTP"]

    @Option(help: "A file holding the SMTP password, readable by this user alone (env FOODDIARY_SMTP_PASSWORD_FILE).")
    var smtpPasswordFile: String? = ProcessInfo.processInfo.environment["FOODDIARY_SMTP_PASSWORD_FILE"]

    @Option(help: "The sender of mail reminders, when the --smtp user is not an address (env FOODDIARY_MAIL_FROM).")
    var mailFrom: String? = ProcessInfo.processInfo.environment["FOODDIARY_MAIL_FROM"]

    @Option(help: "Certificates to trust for the SMTP server, besides the system's: a home relay's own (env FOODDIARY_SMTP_CA_FILE).")
    var smtpCaFile: String? = ProcessInfo.processInfo.environment["FOODDIARY_SMTP_CA_FILE"]

    /// `--smtp` with its password, read from the environment or a file: never the command line.
    func settings() throws -> OutboundMail.Settings? {
        guard let smtp else { return nil }
        var password = ProcessInfo.processInfo.environment["FOODDIARY_SMTP_PASSWORD"]
        if let file = smtpPasswordFile {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw ValidationError("--smtp-password-file: \(file) cannot be read.")
            }
            password = text.trimmingCharacters(in: .newlines)
        }
        do {
            return try OutboundMail.Settings(address: smtp, password: password, from: mailFrom, caFile: smtpCaFile)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
