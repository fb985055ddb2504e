import FoodDiaryBase
@preconcurrency import Crypto
import FoodDiaryWeb
import Foundation
import Hummingbird

/// Device cookies (OWASP): a browser that signed in as someone carries a cookie, signed with the
/// server's secret, naming the account and a random device id. The throttle gives such a browser
/// an allowance of its own, so guesses from elsewhere cannot keep its person out.
struct SignInDevices: Sendable {
    static let cookieName = "fooddiary_device"
    static let lifetime = 365 * 86_400

    private let key: SymmetricKey

    init(secret: Data) {
        key = SymmetricKey(data: Data(tr("sign-in devices").utf8) + secret)
    }

    /// The device id the request's cookie proves for `accountID`, or nil.
    func device(in request: Request, for accountID: Int64) -> String? {
        guard let value = request.cookies[Self.cookieName]?.value else { return nil }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[0] == String(accountID), parts[1].utf8.count == 32,
            ConstantTime.equals(parts[2], mac(accountID: accountID, device: parts[1]))
        else { return nil }
        return parts[1]
    }

    /// The cookie for a browser that just signed in as `accountID`, keeping its device id if it had one.
    func cookie(for accountID: Int64, in request: Request, secure: Bool) -> Cookie {
        let device = device(in: request, for: accountID) ?? Self.newDeviceID()
        return Cookie(
            name: Self.cookieName, value: "\(accountID).\(device).\(mac(accountID: accountID, device: device))",
            maxAge: Self.lifetime, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    private static func newDeviceID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(UInt8.random(in: .min ... .max, using: &generator), radix: 16).leftPadded(to: 2) }.joined()
    }

    private func mac(accountID: Int64, device: String) -> String {
        Array(HMAC<SHA256>.authenticationCode(for: Data("\(accountID).\(device)".utf8), using: key)).prefix(16)
            .map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
}
