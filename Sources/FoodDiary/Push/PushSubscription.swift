import Crypto
import FoodDiaryWeb
import Foundation

/// A browser's consent to be sent pushes, as its `PushSubscription.toJSON()` gives it: the push
/// service's address for it, and the keys only it can decrypt with.
package struct PushSubscription: Sendable, Equatable {
    let endpoint: URL
    /// The browser's P-256 key (`keys.p256dh`), the uncompressed point.
    let receiverKey: Data
    /// `keys.auth`: 16 bytes only the browser and this server know.
    let authSecret: Data

    static let maxEndpointLength = 2_048

    package enum Problem: Error, Equatable {
        case notASubscription
        case endpointNotAllowed(String)
    }

    /// Read from the browser's JSON; `allowsHomeNetwork` lets a push service on the home network
    /// (a household's own) be named, which is otherwise refused so nobody can aim the server's
    /// requests at the router.
    package static func read(json: Data, allowsHomeNetwork: Bool) -> Result<PushSubscription, Problem> {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let endpointText = object["endpoint"] as? String, endpointText.count <= maxEndpointLength,
            let endpoint = URL(string: endpointText), let host = endpoint.host, !host.isEmpty,
            let keys = object["keys"] as? [String: Any],
            let receiverKey = (keys["p256dh"] as? String).flatMap(Base64URL.decode),
            let authSecret = (keys["auth"] as? String).flatMap(Base64URL.decode), authSecret.count == 16,
            (try? P256.KeyAgreement.PublicKey(x963Representation: receiverKey)) != nil
        else { return .failure(.notASubscription) }
        let scheme = endpoint.scheme?.lowercased()
        guard scheme == "https" || (allowsHomeNetwork && scheme == "http") else { return .failure(.endpointNotAllowed(host)) }
        guard allowsHomeNetwork || !OutboundHTTP.isInsideTheNetwork(host) else { return .failure(.endpointNotAllowed(host)) }
        return .success(PushSubscription(endpoint: endpoint, receiverKey: receiverKey, authSecret: authSecret))
    }
}
