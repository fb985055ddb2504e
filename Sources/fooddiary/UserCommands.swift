import ArgumentParser
import FoodDiary
import FoodDiaryApp
import FoodDiaryWeb
import Foundation

struct User: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Manage who can sign in, from the server's own command line.",
        subcommands: [AddUser.self, ListUsers.self, ResetPassword.self, RemoveUser.self])
}

struct UserOptions: ParsableArguments {
    @Option(help: "Directory holding the diary data (env FOODDIARY_DATA_DIR).")
    var dataDir: String = ProcessInfo.processInfo.environment["FOODDIARY_DATA_DIR"] ?? "./data"

    func accounts() throws -> AccountsDatabase {
        try FileManager.default.createDirectory(atPath: dataDir, withIntermediateDirectories: true)
        return try AccountsDatabase.open(path: AppConfig(dataDirectory: dataDir).accountsPath)
    }
}

/// The password from standard input's first line when it is not a terminal (for scripts), else
/// asked twice without echo.
func readNewPassword() throws -> String {
    guard isatty(STDIN_FILENO) == 1 else { return readLine(strippingNewline: true) ?? "" }
    let first = String(cString: getpass("Password (at least 10 characters): "))
    let second = String(cString: getpass("Password again: "))
    guard first == second else { throw ValidationError("The two passwords differ.") }
    return first
}

func runRefusable(_ body: () async throws -> String) async throws {
    do {
        print(try await body())
    } catch let refusal as UserAdministration.Refusal {
        FileHandle.standardError.write(Data((refusal.description + "\n").utf8))
        throw ExitCode.failure
    }
}

struct AddUser: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a person; the first one added is the owner.")
    @Argument(help: "The name they sign in with.") var name: String
    @Flag(help: "Make them an owner, who manages the people.") var owner = false
    @OptionGroup var options: UserOptions

    func run() async throws {
        let accounts = try options.accounts()
        let password = try readNewPassword()
        try await runRefusable {
            try await UserAdministration.add(name: name, password: password, owner: owner, accounts: accounts, now: Date())
        }
    }
}

struct ListUsers: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the people who can sign in.")
    @OptionGroup var options: UserOptions

    func run() async throws {
        for line in try await UserAdministration.list(accounts: try options.accounts()) { print(line) }
    }
}

struct ResetPassword: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-password",
        abstract: "Set someone's password and end every other way in: sessions, tokens, passkeys, provider links, second step.")
    @Argument(help: "Their name.") var name: String
    @OptionGroup var options: UserOptions

    func run() async throws {
        let accounts = try options.accounts()
        let password = try readNewPassword()
        try await runRefusable { try await UserAdministration.resetPassword(name: name, password: password, accounts: accounts) }
    }
}

struct RemoveUser: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove someone; the diary is not changed.")
    @Argument(help: "Their name.") var name: String
    @Option(help: "Type their name again to confirm.") var confirm: String
    @OptionGroup var options: UserOptions

    func run() async throws {
        guard confirm.lowercased() == name.lowercased() else { throw ValidationError("--confirm must repeat the name exactly.") }
        try await runRefusable { try await UserAdministration.remove(name: name, accounts: try options.accounts()) }
    }
}
