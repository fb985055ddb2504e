import FoodDiaryWeb
import Foundation

/// `fooddiary user …`: accounts managed from the server's own command line, for a server without
/// a browser nearby or an owner who is locked out. Safe while the server runs (SQLite's WAL).
public enum UserAdministration {
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
    }

    public static func add(name typed: String, password: String, owner: Bool, accounts: AccountsDatabase, now: Date) async throws -> String
    {
        let name: String
        switch AccountName.check(typed) {
        case .success(let checked): name = checked
        case .failure(let problem): throw Refusal(description: "The name: \(problem.message)")
        }
        if let problem = PasswordPolicy.problem(with: password, name: name) { throw Refusal(description: "The password: \(problem)") }
        let isFirst = try await accounts.accountCount() == 0
        let role: Account.Role = owner || isFirst ? .owner : .member
        do {
            _ = try await accounts.createAccount(name: name, passwordHash: try await Passwords.hash(password), role: role, now: now)
        } catch is AccountsDatabase.NameTaken {
            throw Refusal(description: "Somebody already has the name “\(name)”.")
        }
        return "Added \(name) as \(role == .owner ? "an owner" : "a member"). They can sign in now."
    }

    public static func list(accounts: AccountsDatabase) async throws -> [String] {
        try await accounts.accounts().map { account in
            let state =
                !account.hasPassword
                ? "invited" : account.lastSignInAt.map { "last signed in \($0.formatted(.iso8601))" } ?? "never signed in"
            return "\(account.name)\t\(account.role.rawValue)\t\(state)"
        }
    }

    /// Sets the password and ends every other way in: sessions, access tokens, passkeys, the link to
    /// the household's provider and the second step (this is how an owner who lost their phone gets
    /// back in, and how someone whose sign-in another person has takes it back).
    public static func resetPassword(name: String, password: String, accounts: AccountsDatabase) async throws -> String {
        let account = try await existing(name, accounts)
        if let problem = PasswordPolicy.problem(with: password, name: account.name) {
            throw Refusal(description: "The password: \(problem)")
        }
        let ended = try await accounts.resetPassword(accountID: account.id, passwordHash: try await Passwords.hash(password))
        return "Set a new password for \(account.name) and signed them out everywhere (\(count(ended.sessions, "session"))). "
            + "Ended \(count(ended.tokens, "access token")), \(count(ended.passkeys, "passkey")) and \(count(ended.providerLinks, "link to a provider"))"
            + (ended.secondStep ? ", and turned off their second step." : "; they had no second step.")
            + " Only the new password signs them in now."
    }

    private static func count(_ number: Int, _ thing: String) -> String {
        number == 1 ? "1 \(thing)" : "\(number) \(thing == "link to a provider" ? "links to a provider" : thing + "s")"
    }

    public static func remove(name: String, accounts: AccountsDatabase) async throws -> String {
        let account = try await existing(name, accounts)
        do {
            _ = try await accounts.removeAccount(id: account.id)
        } catch is AccountsDatabase.LastOwner {
            throw Refusal(description: "\(account.name) is the only owner; add another owner first.")
        }
        return "Removed \(account.name). Their diaries are kept."
    }

    private static func existing(_ name: String, _ accounts: AccountsDatabase) async throws -> Account {
        guard let account = try await accounts.account(named: name.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Refusal(description: "Nobody is called “\(name)”. `fooddiary user list` shows who is.")
        }
        return account
    }
}
