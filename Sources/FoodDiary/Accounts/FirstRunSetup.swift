import FoodDiaryWeb
import Foundation
import NIOConcurrencyHelpers

/// While no account exists: the one-time secret of the link that creates the owner's account.
/// It is logged at start-up, works only from this machine, and is gone once used.
public final class FirstRunSetup: Sendable {
    private let secret: NIOLockedValueBox<String?>

    package init(needed: Bool) {
        secret = NIOLockedValueBox(needed ? BearerSecret.make().text : nil)
    }

    /// The link's secret, nil once an account exists.
    public var token: String? { secret.withLockedValue { $0 } }

    func accepts(_ presented: String?) -> Bool {
        guard let presented, let token else { return false }
        return ConstantTime.equals(presented, token)
    }

    func finish() { secret.withLockedValue { $0 = nil } }
}
