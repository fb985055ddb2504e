import FoodDiaryBase
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation
import Hummingbird
import Logging

/// `/backups`, for the owner: the archives in the backup folder, a button that makes one now, and
/// each one to download (to keep it off this machine, where a dead disk would take both).
struct BackupsController: Sendable {
    let maker: BackupMaker
    let folder: ArchiveFolder
    let plan: BackupSchedule.Plan?
    let dataDirectory: String
    let renderer: PageRenderer
    let logger: Logger
    let timeZone: TimeZone

    func addRoutes(to routes: Routes) {
        routes.get("/backups", use: list)
        routes.post("/backups", use: make)
        routes.get("/backups/:name", use: download)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        try owner(context)
        let made = try request.formQuery()["made"].flatMap { folder.path(of: $0) != nil ? $0 : nil }
        return await page(context, notice: made.map { tr("Backed up to \($0). Download it to keep a copy off this machine.") })
    }

    @Sendable func make(_ request: Request, context: AppRequestContext) async throws -> Response {
        try owner(context)
        do {
            let summary = try await maker.makeOffTheCooperativePool(to: folder.directory)
            logger.info("Owner “\(context.signedIn?.account.name ?? "")” made a backup: \(summary.archive)")
            let name = (summary.archive as NSString).lastPathComponent
            guard summary.remarks.isEmpty else {
                logger.notice("\(summary.remarks.joined(separator: " "))")
                return await page(context, notice: tr("Backed up to \(name). ") + summary.remarks.joined(separator: " "))
            }
            return Response(status: .seeOther, headers: [.location: "/backups?made=\(name)"])
        } catch let refused as BackupMaker.Refused {
            return await page(context, problem: refused.description, status: .conflict)
        }
    }

    @Sendable func download(_ request: Request, context: AppRequestContext) async throws -> Response {
        try owner(context)
        return try await folder.download(
            context.parameters.get("name"), context: context,
            missing: tr("There is no such backup. It may have been removed to keep only the newest."))
    }

    private func page(_ context: AppRequestContext, notice: String? = nil, problem: String? = nil, status: HTTPResponse.Status = .ok) async
        -> Response
    {
        await renderer.render(
            .backups,
            BackupsView(
                archives: folder.archives(), directory: folder.directory, plan: plan, dataDirectory: dataDirectory,
                csrfToken: context.csrfToken, notice: notice, problem: problem, timeZone: timeZone), for: context, status: status)
    }

    private func owner(_ context: AppRequestContext) throws {
        guard context.signedIn?.account.role == .owner else {
            throw HTTPError(.forbidden, message: tr("Only the owner can make and download backups: they hold everyone's diaries."))
        }
    }
}
