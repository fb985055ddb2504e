import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation
import Hummingbird

/// The shopping list of the plan's days: ticks kept as they are made, one's own items, clearing
/// what was bought, and the household's shared lists, which they may tick too.
struct ShoppingController: Sendable {
    let diaries: DiaryAccess
    let catalog: CatalogDatabase
    let renderer: PageRenderer
    let timeZone: TimeZone
    let now: @Sendable () -> Date

    func addRoutes(to routes: Routes) {
        routes.get("/shopping", use: page)
        routes.post("/shopping/tick", use: tick)
        routes.post("/shopping/items", use: addItem)
        routes.post("/shopping/clear", use: clear)
        routes.post("/shopping/household/:diary/tick", use: tickShared)
    }

    private var today: LocalDate { LocalDateTime(now(), in: timeZone).date }

    /// The days asked for, this day and the six after it by default.
    static func range(_ fields: FormFields, today: LocalDate) throws -> (first: LocalDate, last: LocalDate) {
        let first = try date(fields["from"]) ?? today
        let last = try date(fields["to"]) ?? first.adding(days: 6)
        guard first <= last else { throw HTTPError(.badRequest, message: tr("The list’s first day comes after its last.")) }
        guard first.adding(days: ShoppingList.mostDays - 1) >= last else {
            throw HTTPError(.badRequest, message: tr("A shopping list covers up to \(ShoppingList.mostDays) days."))
        }
        return (first, last)
    }

    private static func date(_ text: String?) throws -> LocalDate? {
        guard let text, !text.isEmpty else { return nil }
        guard let date = LocalDate(parsing: text) else {
            throw HTTPError(.badRequest, message: tr("A day is written as a date, like 2026-03-09."))
        }
        return date
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (first, last) = try Self.range(try request.formQuery(), today: today)
        return await renderer.render(.shopping, try await view(first, last, context: context), for: context)
    }

    private func view(_ first: LocalDate, _ last: LocalDate, context: AppRequestContext) async throws -> ShoppingView {
        let person = try context.person()
        async let own = ShoppingList.read(person.diary, catalog: catalog, from: first, through: last)
        var shared: [(owner: String, diaryID: Int64, list: ShoppingList)] = []
        for (diary, owner) in try await diaries.othersDiaries(besides: person.account)
        where try await diary.database.read({ db in try PlanSharing.isShared(db) }) {
            let list = try await ShoppingList.read(diary, catalog: catalog, from: first, through: last)
            if !list.items.isEmpty { shared.append((owner, diary.id, list)) }
        }
        return ShoppingView(try await own, household: shared, csrfToken: context.csrfToken)
    }

    private func back(_ context: AppRequestContext, anchor: String = "") -> Response {
        redirect(to: (ReturnPath.local(context.formFields["back"].map { String($0) }) ?? "/shopping") + anchor)
    }

    @Sendable func tick(_ request: Request, context: AppRequestContext) async throws -> Response {
        let key = try Self.key(context.formFields)
        guard try await context.diary().database.tickShoppingItem(key, context.formFields["ticked"] == "1", now: now()) else {
            throw HTTPError(.notFound, message: tr("That item is no longer on your list."))
        }
        return back(context, anchor: "#" + ShoppingItemView.anchor(key, diaryID: nil))
    }

    /// Ticks an item of a list the household shares, in the diary it lives in, while it is shared.
    @Sendable func tickShared(_ request: Request, context: AppRequestContext) async throws -> Response {
        let key = try Self.key(context.formFields)
        let person = try context.person()
        guard let id = context.parameters.get("diary").flatMap({ Int64($0) }),
            let (diary, _) = try await diaries.othersDiary(id, besides: person.account),
            try await diary.database.read({ db in try PlanSharing.isShared(db) }),
            try await diary.database.tickShoppingItem(key, context.formFields["ticked"] == "1", now: now())
        else { throw HTTPError(.notFound, message: tr("That list is no longer shared with you, or the item is gone.")) }
        return back(context, anchor: "#" + ShoppingItemView.anchor(key, diaryID: id))
    }

    private static func key(_ fields: FormFields) throws -> String {
        guard let key = fields["key"], (1...240).contains(key.count), !key.contains(where: \.isNewline) else {
            throw HTTPError(.badRequest, message: tr("The form did not say which item to tick."))
        }
        return String(key)
    }

    @Sendable func addItem(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = context.formFields
        let diary = try context.diary()
        let (first, last) = try Self.range(fields, today: today)
        let name = String((fields["name"] ?? "").filter { !$0.isNewline }.trimmingWhitespace)
        let amount = String((fields["amount"] ?? "").filter { !$0.isNewline }.trimmingWhitespace)
        var problem: String?
        if name.isEmpty {
            problem = tr("Type what to buy.")
        } else if TypedText.length(name) > OwnShoppingItem.maxNameCharacters {
            problem = tr("An item’s name holds up to \(OwnShoppingItem.maxNameCharacters) characters.")
        } else if TypedText.length(amount) > OwnShoppingItem.maxAmountCharacters {
            problem = tr("How much holds up to \(OwnShoppingItem.maxAmountCharacters) characters.")
        } else if try await diary.database.addShoppingItem(
            name: name, amount: amount, aisle: Aisle(rawValue: String(fields["aisle"] ?? "")) ?? .pantry, now: now()) == nil
        {
            problem = tr("Your list holds \(OwnShoppingItem.most) items of your own already: clear the ticked ones first.")
        }
        guard let problem else { return redirect(to: "/shopping?from=\(first)&to=\(last)#add-item") }
        var view = try await view(first, last, context: context)
        view.error = problem
        view.typedName = name
        view.typedAmount = amount
        return await renderer.render(.shopping, view, for: context, status: .unprocessableContent)
    }

    @Sendable func clear(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await context.diary().database.clearTickedShopping()
        return back(context)
    }
}
