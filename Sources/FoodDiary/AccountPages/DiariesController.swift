import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird
import Logging

/// `/diaries`: your diaries (a trip, a season); make one, rename it, open it, delete it.
struct DiariesController: Sendable {
    let diaries: DiaryAccess
    private var accounts: AccountsDatabase { diaries.accounts }
    let renderer: PageRenderer
    let logger: Logger
    let now: @Sendable () -> Date

    static let maxNameLength = 100
    static var noSuchDiary: HTTPError { HTTPError(.notFound, message: tr("You have no such diary. It may have been deleted.")) }
    static var notices: [String: String] { ["renamed": tr("Diary renamed."), "deleted": tr("Diary deleted.")] }

    func addRoutes(to routes: Routes) {
        routes.get("/diaries", use: list)
        routes.post("/diaries", use: create)
        routes.post("/diaries/:diary/open", use: open)
        routes.post("/diaries/:diary/rename", use: rename)
        routes.get("/diaries/:diary/delete", use: confirmDelete)
        routes.post("/diaries/:diary/delete", use: delete)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await page(context, notice: try request.formQuery()["notice"].flatMap { Self.notices[$0] })
    }

    private func page(
        _ context: AppRequestContext, notice: String? = nil, newName: String = "", nameError: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let person = try context.person()
        return await renderer.render(
            .diaries,
            DiariesView(
                diaries: try await accounts.diaries(accountID: person.account.id), current: person.diary.id, csrfToken: context.csrfToken,
                notice: notice, newName: newName, nameError: nameError), for: context, status: status)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        let name = TypedText.clean(context.formFields["name"] ?? "")
        if let problem = Self.nameProblem(name) {
            return try await page(context, newName: name, nameError: problem, status: .unprocessableContent)
        }
        let id = try await accounts.createDiary(accountID: person.account.id, name: name, now: now())
        _ = try await accounts.openDiary(id: id, accountID: person.account.id)
        return redirect(to: "/?notice=diary_created")
    }

    @Sendable func open(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (person, diary) = try await ownDiary(context)
        _ = try await accounts.openDiary(id: diary.id, accountID: person.account.id)
        return redirect(to: "/?notice=diary_opened")
    }

    @Sendable func rename(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (person, diary) = try await ownDiary(context)
        let name = TypedText.clean(context.formFields["name"] ?? "")
        if let problem = Self.nameProblem(name) {
            return try await page(context, nameError: tr("Renaming “\(diary.name)”: \(problem)"), status: .unprocessableContent)
        }
        _ = try await accounts.renameDiary(id: diary.id, accountID: person.account.id, to: name)
        return redirect(to: "/diaries?notice=renamed")
    }

    @Sendable func confirmDelete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (_, diary) = try await ownDiary(context)
        return await renderer.render(.deleteDiary, DeleteDiaryView(diary: diary, csrfToken: context.csrfToken), for: context)
    }

    /// Needs the name typed again: a diary's meals and photos go with it, for good.
    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (person, diary) = try await ownDiary(context)
        let typed = TypedText.clean(context.formFields["confirm_name"] ?? "")
        guard typed == diary.name else {
            return await renderer.render(
                .deleteDiary,
                DeleteDiaryView(
                    diary: diary, csrfToken: context.csrfToken, typed: typed,
                    error: tr("Type “\(diary.name)” exactly to delete it.")), for: context, status: .unprocessableContent)
        }
        do {
            guard try await diaries.deleteOwnDiary(diary.id, of: person.account) else { throw Self.noSuchDiary }
        } catch is AccountsDatabase.LastDiary {
            return await renderer.render(
                .deleteDiary,
                DeleteDiaryView(
                    diary: diary, csrfToken: context.csrfToken, typed: typed,
                    error: tr("This is your only diary. Make another one first.")), for: context, status: .conflict)
        }
        logger.notice("“\(person.account.name)” deleted the diary “\(diary.name)” (\(diary.id))")
        return redirect(to: "/diaries?notice=deleted")
    }

    static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return tr("Name the diary, like “Lisbon trip 2026”.") }
        if TypedText.length(name) > maxNameLength { return tr("Keep the name to \(maxNameLength) characters.") }
        return nil
    }

    /// The diary the address names, if it is the signed-in person's; anyone else's is not found.
    private func ownDiary(_ context: AppRequestContext) async throws -> (SignedIn, DiaryRecord) {
        let person = try context.person()
        guard let id = context.parameters.get("diary", as: Int64.self),
            let diary = try await accounts.diary(id: id, accountID: person.account.id)
        else {
            throw Self.noSuchDiary
        }
        return (person, diary)
    }
}
