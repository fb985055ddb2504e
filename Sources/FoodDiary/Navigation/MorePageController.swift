import FoodDiaryWeb
import Foundation
import Hummingbird

/// The sections a phone's tab bar has no room for, one tap away behind "More".
struct MorePageController: Sendable {
    let renderer: PageRenderer

    func addRoutes(to routes: Routes) {
        routes.get("/more", use: page)
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        return await renderer.render(.more, MoreView(name: person.account.name, isOwner: person.account.role == .owner), for: context)
    }
}
