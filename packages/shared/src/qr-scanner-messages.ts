/**
 * The in-app QR scanner (issue 17): /pointage and /events/pointage without a token read the code
 * with the phone's rear camera instead of the camera app. A module of its own: only the scanner's
 * chunk, loaded on demand, carries these words.
 */
export const qrScannerMessages = {
  scan: 'Scanner le QR code',
  close: 'Fermer',
  opening: 'Ouverture de la caméra…',
  aiming: 'Placez le QR code de pointage dans le cadre.',
  videoLabel: 'Image de la caméra arrière, pour lire le QR code de pointage',
  foreignCode: 'Ce QR code n’est pas un code de pointage Synergie Pro.',
  denied:
    'Vous avez refusé l’accès à la caméra. Pour l’autoriser, touchez l’icône du cadenas (ou de la caméra) dans la barre d’adresse, choisissez «\u00a0Autoriser\u00a0» pour la caméra, puis réessayez. Vous pouvez aussi scanner le code avec l’appareil photo de votre téléphone.',
  noCamera:
    'Aucune caméra n’a été trouvée sur cet appareil. Scannez le QR code avec l’appareil photo de votre téléphone.',
  insecure: 'La caméra n’est accessible que sur une connexion sécurisée (https).',
  unavailable:
    'Impossible d’ouvrir la caméra\u00a0: elle est peut-être utilisée par une autre application. Fermez-la, puis réessayez.',
  loadFailed: 'Le lecteur de QR code n’a pas pu être chargé. Vérifiez votre connexion, puis réessayez.',
} as const;
