import type { SvgIconComponent } from '@mui/icons-material';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AddCircleOutlineOutlined from '@mui/icons-material/AddCircleOutlineOutlined';
import AlarmOutlined from '@mui/icons-material/AlarmOutlined';
import BluetoothSearchingOutlined from '@mui/icons-material/BluetoothSearchingOutlined';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import CellTowerOutlined from '@mui/icons-material/CellTowerOutlined';
import DashboardCustomizeOutlined from '@mui/icons-material/DashboardCustomizeOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import ShowChartOutlined from '@mui/icons-material/ShowChartOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';

/** The icon of each screen of the menus, by route name. */
export const ROUTE_ICONS: Record<string, SvgIconComponent> = {
  Businesses: AccountTreeOutlined,
  DeviceStatus: SensorsOutlined,
  Alarms: AlarmOutlined,
  Places: PlaceOutlined,
  Users: PeopleOutlined,
  ResourceStats: QueryStatsOutlined,
  Coverage: CellTowerOutlined,
  PdfCheck: VerifiedOutlined,
  BeaconScan: BluetoothSearchingOutlined,
  Manager: DashboardCustomizeOutlined,
  ArchSignals: ShowChartOutlined,
  ArchContracts: DescriptionOutlined,
  ArchUsageLicenses: CardMembershipOutlined,
  ArchParams: TuneOutlined,
  ArchDevicesCreation: AddCircleOutlineOutlined,
  ArchDeviceTypes: CategoryOutlined,
  ArchAssetTypes: Inventory2Outlined,
};
