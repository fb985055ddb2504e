import FoodDiaryPhotos
import FoodDiaryWeb
import Foundation

/// What a photo of a package says: its product barcodes, read after the photo passes the checks
/// every photo does (its type sniffed, its pixels counted before decoding, every pixel decoded).
/// The photo itself is not kept: the upload's file goes with the request.
enum BarcodePhotoReading {
    enum Outcome: Sendable, Equatable {
        case codes([String])
        case noCode
        case refused(PhotoRejection)
    }

    static func read(_ upload: UploadedFile, admission: PhotoAdmission) async throws -> Outcome {
        guard upload.byteCount > 0 else { return .refused(.empty) }
        let path = upload.temporaryPath
        let mediaType = try await MediaSniffer.shared.mimeType(ofFileAt: path)
        guard PhotoStore.accepted[mediaType] != nil else { return .refused(.unsupportedType(mediaType)) }
        do {
            // One slot of the image pool for both: the checks' decode and the scans' smaller ones.
            let codes = try await ImageWorkLimiter.shared.run {
                _ = try admission.examine(path, mediaType: mediaType)
                return try BarcodeReader.codes(in: path)
            }
            return codes.isEmpty ? .noCode : .codes(codes)
        } catch let rejection as PhotoRejection {
            return .refused(rejection)
        }
    }
}
