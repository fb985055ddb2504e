import CHTTPShim
import FoodDiaryBase
import Foundation

/// Mail handed to the household's SMTP server (`serve --smtp`): STARTTLS on smtp://, TLS from the
/// start on smtps://, never in the clear; the password from the environment or a file, never the
/// command line. Each mail blocks one of the threads kept for waiting on other servers, up to
/// `timeout`, never a Swift task's.
package struct OutboundMail: Sendable {
    package struct Settings: Sendable, Equatable {
        /// smtp://host:port or smtps://host:port, without the user.
        package let server: String
        package let user: String?
        package let password: String?
        /// The sender's address, as the server expects it.
        package let from: String
        /// Authorities to check the server's certificate with, besides the system's (a home relay's own).
        package let caFile: String?

        package enum Problem: Error, Equatable, CustomStringConvertible {
            case notSMTP, passwordInAddress, noSender

            package var description: String {
                switch self {
                case .notSMTP: "--smtp takes smtp://[user@]host[:port] (STARTTLS) or smtps://[user@]host[:port] (TLS)."
                case .passwordInAddress:
                    "--smtp must not carry the password, which anyone on this machine could read from the command line: use FOODDIARY_SMTP_PASSWORD or --smtp-password-file."
                case .noSender:
                    "--mail-from is needed when the --smtp user is not an address: the mail's sender, e.g. fooddiary@example.org."
                }
            }
        }

        package init(address: String, password: String?, from: String?, caFile: String?) throws(Problem) {
            guard let url = URLComponents(string: address), let scheme = url.scheme?.lowercased(), ["smtp", "smtps"].contains(scheme),
                let host = url.host, !host.isEmpty, url.path.isEmpty || url.path == "/"
            else { throw .notSMTP }
            guard url.password == nil else { throw .passwordInAddress }
            let user = url.percentEncodedUser.flatMap { $0.removingPercentEncoding }
            let hostText = host.contains(":") ? "[\(host)]" : host
            server = "\(scheme)://\(hostText)" + (url.port.map { ":\($0)" } ?? "")
            self.user = user
            self.password = password
            guard let sender = from.flatMap(MailAddress.check) ?? user.flatMap(MailAddress.check) else { throw .noSender }
            self.from = sender
            self.caFile = caFile
        }
    }

    /// Why a mail did not go, kept as `code` and said as `sentence`.
    package enum Failure: Error, Equatable, Sendable {
        case unreachable, noTLS, signInRefused, timedOut
        case refused(Int)

        package var sentence: String {
            switch self {
            case .unreachable: tr("The mail server could not be reached.")
            case .noTLS: tr("The mail server offered no encryption this server trusts, so nothing was sent.")
            case .signInRefused: tr("The mail server refused this server’s sign-in.")
            case .timedOut: tr("The mail server did not answer in time.")
            case .refused(let code): tr("The mail server refused the mail (\(code)).")
            }
        }
    }

    let settings: Settings
    var timeout: Duration = .seconds(20)

    package init(settings: Settings) {
        self.settings = settings
    }

    /// Sends a plain-text mail to `recipient` (an address `MailAddress.check` passed).
    package func send(to recipient: String, subject: String, text: String, now: Date) async throws(Failure) {
        let message = MailMessage(from: settings.from, to: recipient, subject: subject, text: text, date: now).bytes
        let settings = settings
        let timeoutMs = Int(timeout.components.seconds * 1000)
        let outcome: fd_smtp_result
        do {
            outcome = try await OutboundHTTP.waits.runIfActive {
                var result = fd_smtp_result()
                message.withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { chars in
                        fd_smtp_send(
                            settings.server, settings.user, settings.password, settings.caFile, "<\(settings.from)>", "<\(recipient)>",
                            chars.baseAddress, chars.count, timeoutMs, &result)
                    }
                }
                return result
            }
        } catch {
            throw .unreachable
        }
        switch outcome.outcome {
        case FD_SMTP_SENT: return
        case FD_SMTP_NO_TLS: throw .noTLS
        case FD_SMTP_SIGN_IN_REFUSED: throw .signInRefused
        case FD_SMTP_TIMED_OUT: throw .timedOut
        case FD_SMTP_REFUSED: throw .refused(outcome.response_code)
        default: throw .unreachable
        }
    }
}

/// An address a person typed, as one mailbox: nothing that could end a header line or name a
/// second recipient.
package enum MailAddress {
    package static let maxLength = 254

    package static func check(_ typed: String) -> String? {
        let address = typed.trimmingCharacters(in: .whitespaces)
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard address.count <= maxLength, parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64, !parts[1].isEmpty,
            parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }),
            !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
            !address.unicodeScalars.contains(where: {
                $0.properties.isWhitespace || $0.value < 0x20 || "<>()[],;:\\\"".unicodeScalars.contains($0)
            })
        else { return nil }
        return address
    }
}

/// A plain-text mail as RFC 5322 and MIME write it: the subject in encoded words and the text in
/// base64, so nothing a person or a translation wrote can end a header or a line early.
struct MailMessage {
    let from: String
    let to: String
    let subject: String
    let text: String
    let date: Date

    var bytes: [UInt8] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        let domain = from.split(separator: "@").last.map(String.init) ?? "localhost"
        let body = Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8).base64EncodedString(options: [
            .lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed
        ])
        let headers = [
            "Date: \(formatter.string(from: date))", "From: FoodDiary <\(from)>", "To: <\(to)>",
            "Subject: =?UTF-8?B?\(Data(subject.utf8).base64EncodedString())?=", "Message-ID: <\(UUID().uuidString)@\(domain)>",
            "MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: base64",
            "Auto-Submitted: auto-generated"
        ]
        return Array((headers.joined(separator: "\r\n") + "\r\n\r\n" + body + "\r\n").utf8)
    }
}
