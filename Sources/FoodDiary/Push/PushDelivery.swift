import FoodDiaryBase
import Crypto
import FoodDiaryWeb
import Foundation

/// Sends a message to one browser through its push service: encrypted to the browser (RFC 8291),
/// signed as this server (VAPID), over the outbound client (a deadline, a small answer, no
/// redirect, never inside the network unless the household allows it).
package struct PushDelivery: Sendable {
    let key: VAPIDKey
    let allowsHomeNetwork: Bool

    package init(key: VAPIDKey, allowsHomeNetwork: Bool) {
        self.key = key
        self.allowsHomeNetwork = allowsHomeNetwork
    }
    var timeout: Duration = .seconds(10)

    /// What a push came to.
    enum Outcome: Equatable, Sendable {
        case delivered
        /// 404 or 410: the browser unsubscribed or the subscription expired; it is removed.
        case gone
        case failed(Failure)
    }

    /// Why a push did not arrive, kept on the subscription as `code` and shown as `sentence`.
    enum Failure: Equatable, Sendable {
        case answered(Int)
        case timedOut
        case homeNetwork
        case unreachable
        case unprepared

        var code: String {
            switch self {
            case .answered(let status): "status \(status)"
            case .timedOut: "timed out"
            case .homeNetwork: "home network"
            case .unreachable: "unreachable"
            case .unprepared: "unprepared"
            }
        }

        init?(code: String) {
            switch code {
            case "timed out": self = .timedOut
            case "home network": self = .homeNetwork
            case "unreachable": self = .unreachable
            case "unprepared": self = .unprepared
            default:
                guard code.hasPrefix("status "), let status = Int(code.dropFirst("status ".count)) else { return nil }
                self = .answered(status)
            }
        }

        var sentence: String {
            switch self {
            case .answered(let status): tr("The push service answered \(status).")
            case .timedOut: tr("The push service did not answer in time.")
            case .homeNetwork: tr("The push service is on the home network, which this server does not send to.")
            case .unreachable: tr("The push service could not be reached.")
            case .unprepared: tr("The message could not be prepared for this device.")
            }
        }
    }

    /// What a notification shows: its words, and the page a tap opens.
    package struct Message: Sendable, Encodable {
        let title: String
        let body: String
        let url: String
        /// A newer message with the same tag replaces the older on the phone.
        let tag: String

        package init(title: String, body: String, url: String, tag: String) {
            (self.title, self.body, self.url, self.tag) = (title, body, url, tag)
        }
    }

    /// The message encrypted for the browser and the token that signs it: a push's own work.
    package func sealed(_ message: Message, for subscription: PushSubscription, now: Date) throws -> (body: Data, authorization: String) {
        let receiver = try P256.KeyAgreement.PublicKey(x963Representation: subscription.receiverKey)
        let body = try WebPushEncryption.encrypt(JSONEncoder().encode(message), for: receiver, authSecret: subscription.authSecret)
        return (body, try key.authorization(for: subscription.endpoint, now: now))
    }

    func send(_ message: Message, to subscription: PushSubscription, now: Date, timeToLive: Int = 86_400) async -> Outcome {
        guard let (body, authorization) = try? sealed(message, for: subscription, now: now) else { return .failed(.unprepared) }
        let http = OutboundHTTP(timeout: timeout, maxBytes: 16_384, redirects: .none, refusesInsideNetwork: !allowsHomeNetwork)
        do {
            let response = try await http.send(
                subscription.endpoint, method: "POST",
                headers: [
                    ("Authorization", authorization), ("Content-Encoding", "aes128gcm"), ("Content-Type", "application/octet-stream"),
                    ("TTL", String(timeToLive)), ("Urgency", "normal")
                ], body: body)
            switch response.status {
            case 200..<300: return .delivered
            case 404, 410: return .gone
            default: return .failed(.answered(response.status))
            }
        } catch .timedOut {
            return .failed(.timedOut)
        } catch .insideNetwork {
            return .failed(.homeNetwork)
        } catch {
            return .failed(.unreachable)
        }
    }
}
