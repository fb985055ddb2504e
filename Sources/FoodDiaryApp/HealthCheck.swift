import FoodDiary
import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation
import GRDB
import Hummingbird

/// Whether the server can still do its work: a real read of every database it serves from (the
/// accounts, the catalog, the place names and each diary open now), all within a deadline.
/// `/healthz` answers with it, and the systemd watchdog is fed only while it passes.
struct HealthCheck: Sendable {
    let deadline: Duration
    let accounts: AccountsDatabase
    let catalog: CatalogDatabase
    let geonames: GeoNamesDatabase
    let diaries: @Sendable () -> [Diary]

    /// nil when healthy; otherwise what failed, in words for a log.
    func problem() async -> String? {
        let databases: [(String, any DatabaseWriter)] =
            [("accounts", accounts.writer), ("catalog", catalog.writer), ("place names", geonames.writer)]
            + diaries().map { ("diary \($0.id)", $0.database.writer) }
        let outcome = await Deadline.run(within: deadline) { () -> String? in
            for (name, writer) in databases {
                // Page one of the file, read through the same connections the pages use.
                do { _ = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_schema") } } catch {
                    return "the \(name) database could not be read: \(error)"
                }
            }
            return nil
        }
        return outcome ?? "the databases were not read within \(deadline)"
    }
}

/// `/healthz`: 200 "ok" when `HealthCheck` passes, 503 with what failed when not.
struct HealthController: Sendable {
    let health: HealthCheck

    func addRoutes(to routes: Routes) {
        routes.publicGet("/healthz") { _, _ in
            guard let problem = await health.problem() else { return Self.text(.ok, "ok\n") }
            return Self.text(.serviceUnavailable, "unhealthy: \(problem)\n")
        }
    }

    private static func text(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: .init(string: text)))
    }
}
