import Foundation
import FoodDiaryPhotos

/// Logs one meal for several people of the household: into each person's open diary a copy of the
/// occasion (time, place, photo, notes, tags) with their share of the foods, then the sharer's own
/// meal scaled to theirs. Diaries are separate files, so each part is its own transaction; every
/// part is keyed by the form's share key, so a share sent again after a failure half-way finishes
/// what is missing and repeats nothing.
struct MealSharing: Sendable {
    let diaries: DiaryAccess
    let now: @Sendable () -> Date
    private let locks = KeyedLock()

    /// Whom a meal can be shared with: everyone else with an account on this server.
    func household(besides account: Account) async throws -> [Account] {
        try await diaries.accounts.accounts().filter { $0.id != account.id }
    }

    /// Shares the meal as the form saw it (`version`). One share of a meal runs at a time, and it
    /// checks the meal first, so two tabs posting at once cannot both divide it; the sharer's own
    /// part checks again inside its transaction, against any other change made meanwhile.
    func share(mealID: Int64, version: String, by sharer: SignedIn, as plan: ShareMealForm.Plan) async throws -> ShareOutcome {
        try await locks.withLock("\(sharer.diary.id):\(mealID)") {
            let found = try await sharer.diary.database.read { db -> (MealQueries.MealFoods, [MealShare], Bool)? in
                guard let (source, shares) = try SharingQueries.mealFoodsAndShares(db, mealID: mealID) else { return nil }
                return (source, shares, try SharingQueries.isRecorded(db, key: plan.key))
            }
            guard let (source, shares, recorded) = found else { return .gone }
            if recorded { return .doneAlready }
            guard SharingQueries.version(of: source, shares: shares) == version else { return .stale }
            try await copy(source, by: sharer, as: plan)
            return try await sharer.diary.database.shareOut(
                mealID: mealID, version: version, key: plan.key, kept: plan.kept,
                with: plan.people.map { ($0.account.name, $0.share) }, now: now())
        }
    }

    private func copy(_ source: MealQueries.MealFoods, by sharer: SignedIn, as plan: ShareMealForm.Plan) async throws {
        let meal = source.meal
        for (person, share) in plan.people {
            let diary = try await diaries.deliveryDiary(for: person, now: now())
            var photo: IngestedPhoto?
            if let shown = meal.photo {
                photo = try await PhotoRejection.answered { try await sharer.diary.photos.handOver(shown, to: diary.photos) }
            }
            defer { if let photo { unlink(photo.temporaryPath) } }
            let copy = SharedMealCopy(
                key: plan.key, sharedBy: sharer.account.name, share: share, eatenAt: meal.eatenAt, utcOffsetMinutes: meal.utcOffsetMinutes,
                notes: meal.notes, location: meal.location, locationSource: meal.locationSource, placeName: meal.place?.name, photo: photo,
                tags: meal.tags.map(\.name), portions: source.entries.map(share.portion(of:)))
            let now = now()
            _ = try await diary.photos.committing(photo, creating: { try await diary.database.insertSharedCopy(copy, now: now) })
        }
    }
}
