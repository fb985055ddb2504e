import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import HummingbirdBcrypt
import NIOPosix

/// Password hashing with bcrypt at cost 12 (about a quarter of a second), on NIO's thread pool so
/// a sign-in never holds up the event loop or the tasks rendering pages.
enum Passwords {
    static let cost: UInt8 = 12

    static func hash(_ password: String) async throws -> String {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    static func verify(_ password: String, against hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    /// Checked instead of a real hash when nobody has the name typed, so an unknown name costs the
    /// same time as a wrong password and the answer tells nothing. A literal (bcrypt, cost 12, of
    /// "no account has this name"): computing it on first use made that first answer twice as slow.
    static let standIn = "$2b$12$Eb3WAzZwB7BH1khdBLUFteMQW1/Z6wAZQWOWaQxp5DZD.09rTI9oO"
}

/// What a new password must be: 10 characters or more, at most 72 bytes (bcrypt reads no
/// further, and a silently ignored tail would be a surprise), and not one of the passwords tried
/// first by anyone guessing.
enum PasswordPolicy {
    static let minimumLength = 10
    static var mismatch: String { tr("The two passwords differ. Type the same one twice.") }
    static let maximumBytes = 72

    static func problem(with password: String, name: String) -> String? {
        if password.count < minimumLength { return tr("Use at least \(minimumLength) characters.") }
        if password.utf8.count > maximumBytes { return tr("Use at most \(maximumBytes) bytes (about \(maximumBytes) letters).") }
        let folded = password.lowercased()
        if CommonPasswords.all.contains(folded) || Set(folded).count < 4 {
            return tr("That password is among the first ones guessed. Choose another.")
        }
        if folded.contains(name.lowercased()) && name.count >= 3 { return tr("Don't use your name in your password.") }
        return nil
    }
}
