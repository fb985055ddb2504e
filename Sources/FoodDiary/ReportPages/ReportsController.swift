import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import HTTPTypes
import Hummingbird

/// A report over a range of days for a dietitian: the page (which prints cleanly), its days as a
/// spreadsheet, and read-only links to it that expire or are stopped.
struct ReportsController: Sendable {
    let diaries: DiaryAccess
    let accounts: AccountsDatabase
    let authentication: Authentication
    let renderer: PageRenderer
    let timeZone: TimeZone
    let now: @Sendable () -> Date
    /// A PDF is tens of milliseconds of one core: one at a time for each diary's owner, a few at once.
    let drawing = KeyedInFlightLimit<Int64>(perKey: 1, overall: 2 * ProcessInfo.processInfo.activeProcessorCount)

    func addRoutes(to routes: Routes) {
        routes.get("/reports", use: page)
        routes.get("/reports/days.csv", use: csv)
        routes.get("/reports/report.pdf", use: pdf)
        routes.post("/reports/shares", use: share)
        routes.post("/reports/shares/:id/revoke", use: revoke)
        routes.publicGet("/shared/reports/:secret", use: sharedPage)
        routes.publicGet("/shared/reports/:secret/days.csv", use: sharedCSV)
        routes.publicGet("/shared/reports/:secret/report.pdf", use: sharedPDF)
    }

    private var today: LocalDate { LocalDateTime(now(), in: timeZone).date }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let range = try ReportRange.read(try request.formQuery(), today: today)
        var view = try await ownView(range, context: context)
        if let notice = try request.formQuery()["notice"], notice == "stopped" { view.notice = tr("The link was stopped.") }
        return await renderer.render(.report, view, for: context)
    }

    @Sendable func csv(_ request: Request, context: AppRequestContext) async throws -> Response {
        let range = try ReportRange.read(try request.formQuery(), today: today)
        let report = try await context.diary().database.read { db in try DiaryReport.read(db, from: range.first, through: range.last) }
        return Self.spreadsheet(report)
    }

    @Sendable func pdf(_ request: Request, context: AppRequestContext) async throws -> Response {
        let range = try ReportRange.read(try request.formQuery(), today: today)
        let report = try await context.diary().database.read { db in try DiaryReport.read(db, from: range.first, through: range.last) }
        let view = ReportView(report, isOwn: false, downloads: ("", ""), csrfToken: "")
        return try await document(report, view: view, owner: try context.person().account.id, request: request)
    }

    @Sendable func sharedPDF(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (share, diary) = try await sharedReport(context)
        let report = try await diary.database.read { db in try DiaryReport.read(db, from: share.first, through: share.last) }
        var response = try await diary.conventions().bound {
            var view = ReportView(report, isOwn: false, downloads: ("", ""), csrfToken: "")
            view.sharedUntil = Self.sharedUntil(share, timeZone: timeZone)
            return try await document(report, view: view, owner: share.accountID, request: request)
        }
        Self.keepPrivate(&response)
        return response
    }

    /// The PDF drawn off the threads that serve pages, in the request's words and units; a second
    /// one for the same owner while the first is drawn is refused, not queued.
    private func document(_ report: DiaryReport, view: ReportView, owner: Int64, request: Request) async throws -> Response {
        let paper = ReportPDF.Paper(acceptLanguage: request.headers[.acceptLanguage], units: report.units)
        let conventions = RequestConventions.current
        let bytes: Data
        do {
            bytes = try await drawing.run(for: owner) {
                try await offTheCooperativePool { try conventions.bound { try ReportPDF.make(report, view: view, paper: paper) } }
            }
        } catch let busy as Overloaded {
            throw HTTPError(
                .serviceUnavailable, headers: [.retryAfter: String(busy.retryAfterSeconds)],
                message: tr("Your last report’s PDF is still being made. Ask again in a moment."))
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/pdf",
                .contentDisposition: "attachment; filename=\"fooddiary-report-\(report.first)-\(report.last).pdf\""
            ],
            body: .init(byteBuffer: ByteBuffer(data: bytes)))
    }

    /// A new link to the range, shown once on the report: only its hash is kept.
    @Sendable func share(_ request: Request, context: AppRequestContext) async throws -> Response {
        let range = try ReportRange.read(context.formFields, today: today)
        let person = try context.person()
        guard let days = context.formFields["days"].flatMap({ Int($0) }), ReportShare.choosableDays.contains(days) else {
            throw HTTPError(.badRequest, message: tr("A link works for 1, 7 or 30 days."))
        }
        var view = try await ownView(range, context: context)
        guard
            let secret = try await accounts.createReportShare(
                accountID: person.account.id, diaryID: person.diary.id, first: range.first, last: range.last, days: days, now: now())
        else {
            view.shareError = tr(
                "You have \(ReportShare.mostActive) working links already: stop one on your account page or here before making another.")
            return await renderer.render(.report, view, for: context, status: .unprocessableContent)
        }
        view.shareLink = authentication.origin(request, context: context) + "/shared/reports/\(secret)"
        view.shares = try await shareRows(context)
        return await renderer.render(.report, view, for: context, status: .created)
    }

    @Sendable func revoke(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let id = context.parameters.get("id").flatMap({ Int64($0) }),
            try await accounts.revokeReportShare(id: id, accountID: try context.person().account.id, now: now())
        else {
            throw HTTPError(.notFound, message: tr("You have no such working link: it may have expired or been stopped already."))
        }
        return redirect(
            to: ReturnPath.local(context.formFields["back"].map { String($0) }) ?? "/account?notice=report_link_stopped#report-links")
    }

    /// The report a link shows, to whoever has it: signed out, nothing else of the diary, in the
    /// diary's units and the reader's language.
    @Sendable func sharedPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (share, diary) = try await sharedReport(context)
        let report = try await diary.database.read { db in try DiaryReport.read(db, from: share.first, through: share.last) }
        let secret = context.parameters.get("secret") ?? ""
        return try await diary.conventions().bound {
            var view = ReportView(report, isOwn: false, downloads: ("/shared/reports/\(secret)", ""), csrfToken: "")
            view.sharedUntil = Self.sharedUntil(share, timeZone: timeZone)
            var response = await renderer.render(.report, view, for: context)
            Self.keepPrivate(&response)
            return response
        }
    }

    @Sendable func sharedCSV(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (share, diary) = try await sharedReport(context)
        let report = try await diary.database.read { db in try DiaryReport.read(db, from: share.first, through: share.last) }
        var response = try await diary.conventions().bound { Self.spreadsheet(report) }
        Self.keepPrivate(&response)
        return response
    }

    private static func sharedUntil(_ share: ReportShare, timeZone: TimeZone) -> String {
        tr("Shared by its owner until \(LocalDateTime(share.expiresAt, in: timeZone).date.dayMonthYearText).")
    }

    private func sharedReport(_ context: AppRequestContext) async throws -> (ReportShare, Diary) {
        guard let secret = context.parameters.get("secret"), secret.count <= 100,
            let found = try await diaries.sharedReport(secret: secret, now: now())
        else {
            throw HTTPError(.notFound, message: tr("This report link does not work: it has expired, been stopped, or was mistyped."))
        }
        return found
    }

    private func ownView(_ range: ReportRange, context: AppRequestContext) async throws -> ReportView {
        let report = try await context.diary().database.read { db in try DiaryReport.read(db, from: range.first, through: range.last) }
        var view = ReportView(
            report, isOwn: true, downloads: ("/reports", "?from=\(range.first)&to=\(range.last)"), csrfToken: context.csrfToken)
        view.shares = try await shareRows(context)
        return view
    }

    private func shareRows(_ context: AppRequestContext) async throws -> [ReportShareRow] {
        try await accounts.reportShares(accountID: try context.person().account.id, now: now()).map {
            ReportShareRow($0, timeZone: timeZone)
        }
    }

    private static func spreadsheet(_ report: DiaryReport) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8",
                .contentDisposition: "attachment; filename=\"fooddiary-report-\(report.first)-\(report.last).csv\""
            ],
            body: .init(byteBuffer: ByteBuffer(string: ReportCSV.text(report))))
    }

    /// A link's page is for its reader alone: not kept by the browser or a proxy, not indexed, and
    /// its address not sent on to any page it links to.
    private static func keepPrivate(_ response: inout Response) {
        response.headers[.cacheControl] = "no-store"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        response.headers[HTTPField.Name("X-Robots-Tag")!] = "noindex, nofollow"
    }
}
