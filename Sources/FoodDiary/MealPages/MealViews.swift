import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import FoodDiaryPhotos

/// `/`: meals grouped into days, newest first.
struct MealListView: Sendable {
    let title = tr("Meals")
    let notice: String?
    let isEmpty: Bool
    let days: [MealDayView]
    let pagination: PaginationView?
    let toItemise: ToItemiseView?

    init(data: MealListData, notice: String?) {
        self.notice = notice
        isEmpty = data.page.meals.isEmpty
        days = MealDayView.group(data.page.meals)
        pagination = PaginationView(data.page, path: "/")
        toItemise = data.waiting.flatMap { ToItemiseView(count: $0.count, meals: $0.meals, showsDay: true, listURL: "/meals/to-itemise") }
    }
}

/// `/meals/{id}`: everything about one meal, its foods and their sums.
struct MealDetailView: Sendable {
    let title: String
    let notice: String?
    let csrfToken: String
    let photo: PhotoView?
    let location: LocationView?
    let tags: [TagChip]
    let hasTags: Bool
    let photoError: String?
    let photoAction: String
    let removePhotoAction: String
    let dayHeading: String
    let dayISO: String
    let time: String
    /// "UTC+09:00" for a meal eaten in another time zone than the server's; nil otherwise.
    let utcOffset: String?
    let notes: String?
    let foodCountText: String
    let kcalText: String
    let entries: [EntryRowView]
    let hasEntries: Bool
    /// The meal's totals.
    let lines: [NutrientLineView]
    let hasPartialTotals: Bool
    let addFoodURL: String
    /// What "What did you have?" adds to: this meal.
    let sayItMealID: Int64
    let createdText: String
    let updatedText: String?
    let editURL: String
    let deleteURL: String
    let dayURL: String
    let isFavourite: Bool
    let favouriteAction: String
    let logAgainURL: String
    let shareURL: String
    /// Who else had some of this meal, or who shared it.
    let shares: [String]
    let hasShares: Bool
    /// For a meal with no foods yet: meals like it and a quick estimate.
    let itemise: ItemiseHelpView?
    /// Where the person came from (Today, a day, ＋), else the list of meals at this meal's day.
    let back: BackLinkView

    /// `back` is the page the person came from; `changed` the food whose amount was just changed here.
    init(
        foods: MealQueries.MealFoods, shares: [MealShare], itemise: ItemiseHelpView? = nil, timeZone: TimeZone, notice: String?,
        photoError: String? = nil, csrfToken: String, back: String? = nil, changed: Int64? = nil
    ) {
        self.itemise = itemise
        let meal = foods.meal
        title = tr("Meal at \(meal.eatenAt.clockText), \(meal.eatenAt.date.longText)")
        self.notice = notice
        self.csrfToken = csrfToken
        photo = meal.photo.map(PhotoView.init)
        location = meal.location.map { LocationView(coordinates: $0, source: meal.locationSource, place: meal.place) }
        tags = meal.tags.filter { !TagList.isHidden($0.name) }.map { TagChip(name: TagList.display($0.name), url: "/tags/\($0.id)") }
        hasTags = !tags.isEmpty
        self.photoError = photoError
        photoAction = "/meals/\(meal.id)/photo"
        removePhotoAction = "/meals/\(meal.id)/photo/delete"
        dayHeading = meal.eatenAt.date.longText
        dayISO = meal.eatenAt.date.description
        time = meal.eatenAt.clockText
        // Only a meal eaten in another time zone says which: "UTC+00:00" on every meal read as noise.
        utcOffset =
            meal.utcOffsetMinutes == meal.eatenAt.utcOffsetMinutes(in: timeZone)
            ? nil : "UTC" + formatUTCOffset(minutes: meal.utcOffsetMinutes)
        notes = meal.notes.isEmpty ? nil : meal.notes
        foodCountText = Meal.foodCountText(foods.entries.count)
        kcalText = foods.isItemised ? FoodDiaryBase.kcalText(foods.totals) : MealRowView.notItemised
        let page = ReturnPath.local(back).map { ReturnPath.adding("back", $0, to: "/meals/\(meal.id)") } ?? "/meals/\(meal.id)"
        entries = foods.entries.map { EntryRowView($0, back: page, changed: changed) }
        hasEntries = foods.isItemised
        self.back = BackLinkView(back, fallback: BackLinkView(url: "/#day-\(meal.eatenAt.date)", text: tr("All meals")))
        lines = NutrientLineView.lines(foods.totals, partial: foods.partiallyKnown)
        hasPartialTotals = !foods.partiallyKnown.isEmpty
        addFoodURL = "/meals/\(meal.id)/foods/new"
        sayItMealID = meal.id
        createdText = Self.timestampText(meal.createdAt, timeZone)
        updatedText = meal.updatedAt > meal.createdAt ? Self.timestampText(meal.updatedAt, timeZone) : nil
        editURL = "/meals/\(meal.id)/edit"
        deleteURL = "/meals/\(meal.id)/delete"
        dayURL = "/days/\(meal.eatenAt.date)"
        isFavourite = meal.isFavourite
        favouriteAction = "/meals/\(meal.id)/favourite"
        logAgainURL = "/meals/\(meal.id)/log-again"
        shareURL = "/meals/\(meal.id)/share"
        self.shares = shares.map(MealShareView.sentence)
        hasShares = !self.shares.isEmpty
    }

    static func timestampText(_ instant: Date, _ timeZone: TimeZone) -> String {
        let local = LocalDateTime(instant, in: timeZone)
        return tr("\(local.date.longText) at \(local.clockText)")
    }
}

/// `/meals/new` and `/meals/{id}/edit`, fresh or shown again with what was typed and what is wrong.
struct MealFormView: Sendable {
    let title: String
    /// The day a new meal's form was opened for: the browser fills in its own clock time on that
    /// day, not today's date.
    let day: String?
    let action: String
    let submitLabel: String
    let cancelURL: String
    let isNew: Bool
    let csrfToken: String
    let eatenAt: String
    let utcOffset: String
    let notes: String
    let maxNotesLength = MealInput.maxNotesLength
    let hasErrors: Bool
    let errorSummary = ErrorSummary.nothingChanged
    let hasPhotoError: Bool
    let eatenAtError: String?
    let utcOffsetError: String?
    let notesError: String?
    let photoError: String?
    let usePhotoTime: Bool
    let maxUploadMB: Int
    let placeOptions: [PlaceOption]
    let hasPlaces: Bool
    let latitude: String
    let longitude: String
    let locationSource: String
    let tags: String
    let placeError: String?
    let latitudeError: String?
    let longitudeError: String?
    let tagsError: String?
    let hasLocationError: Bool
    let maxTags = TagList.maxTags

    struct PlaceOption: Sendable { let id: Int64; let name: String; let selected: Bool }

    init(
        mealID: Int64?, form: MealForm, errors: MealForm.Errors = .init(), photoError: String? = nil,
        places: [PlaceQueries.PlaceRow] = [], csrfToken: String, maxUploadBytes: Int = 25_000_000, day: LocalDate? = nil
    ) {
        isNew = mealID == nil
        self.day = day?.description
        title = isNew ? tr("Add a meal") : tr("Edit meal")
        action = mealID.map { "/meals/\($0)/edit" } ?? "/meals"
        submitLabel = isNew ? tr("Save meal") : tr("Save changes")
        cancelURL = mealID.map { "/meals/\($0)" } ?? "/"
        self.csrfToken = csrfToken
        eatenAt = form.eatenAt
        utcOffset = form.utcOffset
        notes = form.notes
        hasErrors = !errors.isEmpty || photoError != nil
        eatenAtError = errors.eatenAt
        utcOffsetError = errors.utcOffset
        notesError = errors.notes
        self.photoError = photoError
        usePhotoTime = form.usePhotoTime
        maxUploadMB = maxUploadBytes / 1_000_000
        hasPhotoError = photoError != nil
        placeOptions = places.map { PlaceOption(id: $0.id, name: $0.name, selected: form.place == String($0.id)) }
        hasPlaces = !places.isEmpty
        latitude = form.latitude
        longitude = form.longitude
        locationSource = form.locationSource
        tags = form.tags
        placeError = errors.place
        latitudeError = errors.latitude
        longitudeError = errors.longitude
        tagsError = errors.tags
        hasLocationError = errors.place != nil || errors.latitude != nil || errors.longitude != nil
    }
}

/// `/meals/{id}/delete`: the confirmation step.
struct MealDeleteView: Sendable {
    let title = tr("Delete meal?")
    let csrfToken: String
    let action: String
    let cancelURL: String
    let dayHeading: String
    let time: String
    let headline: String?

    init(meal: Meal, csrfToken: String) {
        self.csrfToken = csrfToken
        action = "/meals/\(meal.id)/delete"
        cancelURL = "/meals/\(meal.id)"
        dayHeading = meal.eatenAt.date.longText
        time = meal.eatenAt.clockText
        headline = meal.headline
    }
}

struct TagChip: Sendable {
    let name: String
    let url: String
}

/// Where a meal happened: place, coordinates, a map that loads only when the map site answers, and
/// links that work offline (`geo:` opens the phone's own map app).
struct LocationView: Sendable {
    let placeName: String?
    let placeURL: String?
    let coordinatesText: String
    let sourceText: String?
    let openStreetMapURL: String
    let embedURL: String
    let geoURI: String

    init(coordinates: Coordinates, source: LocationSource?, place: PlaceSummary?) {
        placeName = place?.name
        placeURL = place.map { "/places/\($0.id)" }
        coordinatesText = coordinates.text
        sourceText = source?.label
        openStreetMapURL = coordinates.openStreetMapURL
        embedURL = coordinates.openStreetMapEmbedURL
        geoURI = coordinates.geoURI
    }
}

/// A meal's photo on its page: the large copy, the original, and what its EXIF said.
struct PhotoView: Sendable {
    let largeURL: String
    let originalURL: String
    let untouchedURL: String
    let sizeText: String
    let takenText: String?
    let gpsText: String?
    let mapURL: String?

    init(_ photo: Photo) {
        largeURL = photo.url(.large)
        originalURL = photo.url(.original)
        untouchedURL = photo.url(.untouched)
        let megabytes = Double(photo.byteCount) / 1_000_000
        sizeText = tr("\(photo.width) × \(photo.height), \(megabytes.formatted(.number.precision(.fractionLength(1)))) MB")
        takenText = photo.takenAt.map { tr("\($0.date.longText) at \($0.clockText)") }
        if let latitude = photo.latitude, let longitude = photo.longitude {
            let point = Coordinates(latitude: latitude, longitude: longitude)
            gpsText = point?.text
            mapURL = point?.openStreetMapURL
        } else {
            gpsText = nil
            mapURL = nil
        }
    }
}
