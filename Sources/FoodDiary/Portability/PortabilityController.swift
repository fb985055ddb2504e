import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryPhotos
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation
import HTTPTypes
import Hummingbird

/// `/export`: the open diary's export to download, and an import that shows what it would add
/// (`/import/<token>`) before anything is written. An upload waits in the diary's temporary
/// folder under a random token until it is imported or cancelled; the hourly sweep removes one
/// left half-way. A health export (Apple Health's, Fitbit's), up to `maxImportBytes`, is read and
/// kept by `HealthExportJobs` while its page shows the progress.
struct PortabilityController: Sendable {
    let catalog: CatalogDatabase
    let renderer: PageRenderer
    let timeZone: TimeZone
    let maxUploadBytes: Int
    let maxImportBytes: Int
    let now: @Sendable () -> Date
    let healthExports = HealthExportJobs()

    func addRoutes(to routes: Routes) {
        routes.get("/export", use: page)
        routes.post("/export", use: makeExport)
        routes.get("/export/:name", use: download)
        routes.post("/import", use: upload)
        routes.get("/import/:token", use: preview)
        routes.post("/import/:token", use: commit)
        routes.post("/import/:token/cancel", use: cancel)
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = try request.formQuery()
        var notice: String?
        if let made = query["made"], ExportLayout.isArchiveName(made) {
            notice = tr("Your export is ready. Download it below.")
        } else if let meals = query["imported"].flatMap(Int.init) {
            // What else an import added (weigh-ins, water, activities, counts of steps), said as the preview said it.
            var outcome = ImportOutcome()
            (outcome.measurementsAdded, outcome.drinksAdded) = (Self.count(query["measurements"]), Self.count(query["drinks"]))
            (outcome.activitiesAdded, outcome.movementAdded) = (Self.count(query["activities"]), Self.count(query["movement"]))
            let others = ImportSummary.additions(outcome)
            let mealsText = tr(one: "\(meals.formatted()) meal", other: "\(meals.formatted()) meals", count: meals)
            let all = ((meals == 0 ? [] : [mealsText]) + others).joined(separator: ", ")
            notice =
                all.isEmpty
                ? tr("Nothing was added: everything in the file was in this diary already.")
                : meals == 0
                    ? tr("Imported \(all). They are in your days now.") : tr("Imported \(all). They are in your meals and days now.")
        } else if query["cancelled"] != nil {
            notice = tr("The import was cancelled; nothing was written.")
        }
        return try await render(context, notice: notice)
    }

    @Sendable func makeExport(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let folder = diary.exports
        try FileManager.default.createDirectory(atPath: folder.directory, withIntermediateDirectories: true)
        let name = ExportLayout.archiveName(at: now())
        _ = try await DiaryExporter(database: diary.database, photos: diary.photos).export(to: folder.directory + "/" + name)
        // Only the newest is kept: an export is a copy to take away, and each one is complete.
        try folder.prune(keeping: 1)
        return redirect(to: "/export?made=\(name)")
    }

    @Sendable func download(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await context.diary().exports.download(
            context.parameters.get("name"), context: context,
            missing: tr("There is no such export; a newer one replaces it. Make a new export."))
    }

    @Sendable func upload(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        guard let file = context.uploads.first(where: { $0.fieldName == "file" }), file.byteCount > 0 else {
            return try await render(context, problem: tr("Choose the file to import first."), status: .unprocessableContent)
        }
        // Only a health export may pass the upload limit: it is read a part at a time, every other import whole.
        if file.byteCount > maxUploadBytes, !HealthExportImporter.isHealthExport(zipAt: file.temporaryPath) {
            return try await render(
                context,
                problem: tr("\(file.clientFilename) was not imported: it is larger than \(maxUploadBytes / 1_000_000) MB, and only ")
                    + tr(
                        "a health export (Apple Health’s export.zip, Fitbit’s Google Takeout) may be larger, up to \(maxImportBytes / 1_000_000) MB."
                    ),
                status: .contentTooLarge)
        }
        let token = PendingImport.newToken()
        let pending = PendingImport(directory: diary.photos.temporaryDirectory, token: token)
        try pending.keep(file)
        return redirect(to: "/import/\(token)")
    }

    @Sendable func preview(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let pending = try pendingImport(context, diary)
        if let shown = try await healthExportPage(pending, diary: diary, context: context) { return shown }
        let importer = DiaryImporter(diary: diary, catalog: catalog, timeZone: timeZone, now: now)
        do {
            let reading = try await importer.read(fileAt: pending.path)
            let outcome = try await importer.preview(reading)
            return await renderer.render(
                .importPreview,
                ImportPreviewView(
                    token: pending.token, fileName: pending.clientFilename, reading: reading, outcome: outcome, csrfToken: context.csrfToken
                ), for: context)
        } catch let refusal as ImportRefusal {
            let name = pending.clientFilename
            pending.discard()
            return try await render(context, problem: tr("\(name) was not imported. \(refusal.description)"), status: .unprocessableContent)
        }
    }

    @Sendable func commit(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let pending = try pendingImport(context, diary)
        if healthExports.stage(of: pending.path) != nil || HealthExportImporter.isHealthExport(zipAt: pending.path) {
            // Asked twice (a second tap), the import under way goes on and its page shows it.
            healthExports.keep(pending.path, with: HealthExportImporter(diary: diary, timeZone: timeZone, now: now))
            return redirect(to: "/import/\(pending.token)")
        }
        let importer = DiaryImporter(diary: diary, catalog: catalog, timeZone: timeZone, now: now)
        do {
            let outcome = try await importer.commit(try await importer.read(fileAt: pending.path))
            pending.discard()
            return redirect(to: Self.importedURL(outcome))
        } catch let refusal as ImportRefusal {
            let name = pending.clientFilename
            pending.discard()
            return try await render(
                context, problem: tr("\(name) was not imported; nothing was written. \(refusal.description)"),
                status: .unprocessableContent)
        }
    }

    @Sendable func cancel(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let pending = try pendingImport(context, diary)
        healthExports.forget(pending.path)
        pending.discard()
        return redirect(to: "/export?cancelled=1")
    }

    /// A health export at each of its stages: reading or importing (the progress, looked at
    /// again every second), read (the preview), imported (the notice), refused; nil for any other file.
    private func healthExportPage(_ pending: PendingImport, diary: Diary, context: AppRequestContext) async throws -> Response? {
        var stage = healthExports.stage(of: pending.path)
        if stage == nil {
            guard HealthExportImporter.isHealthExport(zipAt: pending.path) else { return nil }
            healthExports.read(pending.path, with: HealthExportImporter(diary: diary, timeZone: timeZone, now: now))
            stage = healthExports.stage(of: pending.path)
        }
        switch stage {
        case .read(let summary)?:
            return await renderer.render(
                .importPreview,
                ImportPreviewView(
                    token: pending.token, fileName: pending.clientFilename, healthExport: summary, csrfToken: context.csrfToken),
                for: context)
        case .imported(let summary)?:
            healthExports.forget(pending.path)
            pending.discard()
            return redirect(to: Self.importedURL(ImportOutcome(summary.added)))
        case .failed(let message)?:
            healthExports.forget(pending.path)
            let name = pending.clientFilename
            pending.discard()
            return try await render(context, problem: tr("\(name) was not imported. \(message)"), status: .unprocessableContent)
        default:
            var response = await renderer.render(
                .importProgress,
                ImportProgressView(
                    token: pending.token, fileName: pending.clientFilename, stage: stage, csrfToken: context.csrfToken), for: context)
            response.headers[HTTPField.Name("Refresh")!] = "1"
            return response
        }
    }

    /// Where a finished import lands, its additions in the address for the notice to say.
    static func importedURL(_ outcome: ImportOutcome) -> String {
        "/export?imported=\(outcome.mealsAdded)&measurements=\(outcome.measurementsAdded)&drinks=\(outcome.drinksAdded)"
            + "&activities=\(outcome.activitiesAdded)&movement=\(outcome.movementAdded)"
    }

    private static func count(_ text: String?) -> Int { text.flatMap(Int.init).map { max(0, min($0, 100_000_000)) } ?? 0 }

    private func pendingImport(_ context: AppRequestContext, _ diary: Diary) throws -> PendingImport {
        guard let token = context.parameters.get("token"), PendingImport.isToken(token),
            case let pending = PendingImport(directory: diary.photos.temporaryDirectory, token: token), pending.exists
        else {
            throw HTTPError(
                .notFound,
                message: tr("That import is over: it was imported, cancelled, or left for more than an hour. Upload the file again.")
            )
        }
        return pending
    }

    private func render(
        _ context: AppRequestContext, notice: String? = nil, problem: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let diary = try context.diary()
        return await renderer.render(
            .portability,
            PortabilityView(
                latest: diary.exports.archives().last.map { ArchiveRow($0, under: "/export", timeZone: timeZone) },
                maxUploadBytes: maxUploadBytes, maxImportBytes: maxImportBytes, diaryID: diary.id, csrfToken: context.csrfToken,
                notice: notice, problem: problem), for: context, status: status)
    }
}

/// An uploaded file waiting for its person to confirm the import: `import-<token>.upload` beside
/// its name as the browser gave it, in the diary's temporary folder.
struct PendingImport {
    let directory: String
    let token: String

    static func newToken() -> String { (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined() }
    static func isToken(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    var path: String { directory + "/\(PhotoStore.waitingPrefix)import-\(token).upload" }
    private var namePath: String { directory + "/\(PhotoStore.waitingPrefix)import-\(token).name" }
    var exists: Bool { FileManager.default.fileExists(atPath: path) }
    var clientFilename: String {
        (try? String(contentsOfFile: namePath, encoding: .utf8)).flatMap { $0.isEmpty ? nil : $0 } ?? tr("The file")
    }

    /// Moves the upload out of the middleware's hands (it deletes what is left after the response).
    func keep(_ file: UploadedFile) throws {
        try DurableFile.rename(file.temporaryPath, to: path)
        try? Data(String(file.clientFilename.prefix(200)).utf8).write(to: URL(fileURLWithPath: namePath))
    }

    func discard() {
        unlink(path)
        unlink(namePath)
    }
}

extension Diary {
    /// `<diary folder>/exports`: the newest export, kept for downloading again.
    var exports: ArchiveFolder { .exports((photos.root as NSString).deletingLastPathComponent + "/exports") }
}

extension ImportOutcome {
    /// Apple Health's additions, as the notice after an import says them.
    init(_ added: HealthOutcome) {
        self.init()
        (measurementsAdded, drinksAdded) = (added.weighIns + added.measurements, added.drinks)
        (activitiesAdded, movementAdded) = (added.workouts, added.samples)
    }
}
