// Attendance and the QR check-in (network-core §4): the public surface (docs/architecture.md
// "Feature boundaries"). Pure re-exports: each page loads only the modules it uses.
export { AttendanceMeetings } from './components/attendance-meetings';
export { AttendancePageView } from './components/attendance-page-view';
export { CheckinView } from './components/checkin-view';
